"""A small fixed sample of the rules fuzzer (make fuzz runs more)."""
from hexwar.fuzz import Stats, fuzz_game


def test_fuzz_sample_finds_no_broken_invariant():
    stats = Stats()
    for seed in (11, 12):
        fuzz_game("objective-kiev", "standard", seed, stats, replay_every=200)
    assert stats.failures == [], stats.failures[0][:2000]
    assert stats.games == 2 and stats.actions > 500 and stats.checks > 10_000
