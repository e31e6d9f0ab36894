// TEMPORARY placeholder until the calibrate feature lands; replaced by its implementation.
#include "cli.h"

namespace commtax::cli {

int cmdCalibrate(QStringList)
{
    return fail(kExitUsage, QStringLiteral("calibrate is not available in this build yet"));
}

} // namespace commtax::cli
