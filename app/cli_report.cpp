// TEMPORARY placeholder until the report feature lands; replaced by its implementation.
#include "cli.h"

namespace commtax::cli {

int cmdReport(QStringList)
{
    return fail(kExitUsage, QStringLiteral("report is not available in this build yet"));
}

} // namespace commtax::cli
