// jemalloc's options for our executables (read at its start-up; the
// MALLOC_CONF environment variable still overrides them).
//
// thp:always asks for transparent huge pages on the heap (madvise, so it
// works where the kernel's THP mode is "madvise", Debian's default): a
// compiler run allocates its nodes into fresh memory, and without huge pages
// a first lowering in a new process spent about a third of its time in page
// faults (uopc bench-compile attention.py: 125-130 ms, 87-98 ms with them).
extern "C" {
const char* malloc_conf = "thp:always,metadata_thp:always";
}
