"""Developer tools: benchmarks (python -m tools.bench) and the rules fuzzer (python -m tools.fuzz)."""
