# Times a PyTorch peer of a benchmark program for `compare.py kernels --torch`:
# eager, all cores, two warm-up calls, then argv[1] timed calls (default 5);
# prints {"median_ms", "min_ms"} as compare.py expects.
import json, os, statistics, sys, time
import torch

torch.set_num_threads(os.cpu_count())
torch.manual_seed(0)


def report(f):
    f(); f()
    ts = []
    for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 5):
        t = time.perf_counter(); f(); ts.append((time.perf_counter() - t) * 1e3)
    print(json.dumps({"median_ms": statistics.median(ts), "min_ms": min(ts)}))
