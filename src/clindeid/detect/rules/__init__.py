"""Rule-based detectors: patterns, validators, trigger words and dictionaries."""
