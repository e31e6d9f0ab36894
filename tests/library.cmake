# Preset library, comparison and reports (issue 4): two executables.
# test_library: the SQLite library and the comparison arithmetic (QtCore + QtSql, no display).
commtax_add_test(test_library SOURCES test_library.cpp LIBS commtax_library Qt6::Sql)
