"""Suite-wide settings.

Hypothesis' default 200 ms deadline per example is a timed assertion: on a loaded machine a
healthy example of tests/test_chunks.py took 385 ms and failed the suite. Speed is measured in
benchmarks/, so the suite's property tests run without a deadline unless a test asks for one
(tests/test_fuzz_parser.py keeps its own as a guard against a hang).
"""

from hypothesis import settings

settings.register_profile("monolog", deadline=None)
settings.load_profile("monolog")
