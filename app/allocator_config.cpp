// jemalloc's options for our executables (read at its start-up; the
// MALLOC_CONF environment variable still overrides them).
//
// thp:never keeps the heap on small pages, whatever the kernel's THP mode. A
// compiler run touches a few tens of MB of fresh heap; with transparent huge
// pages each first touch zeroes a whole 2 MB page, the heap grows by about a
// tenth, and right after another process freed a lot of memory (a Python run
// before ours, as in ../shared/bench/compare.py) those faults cost most: uopc
// bench-compile took 40-69 ms there on huge pages and 31-59 ms without them
// (2-core Xeon; alone, the two are within noise).
extern "C" {
const char* malloc_conf = "thp:never,metadata_thp:disabled";
}
