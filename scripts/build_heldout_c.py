"""Build the third blind held-out set: ``scripts/build_heldout.py --set heldout_c``.

Kept as a module of its own for its data test; everything is in ``build_heldout.py``.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_heldout

build_gold = build_heldout.build_gold
MarkupError = build_heldout.MarkupError
nir_is_valid = build_heldout.nir_is_valid
render = build_heldout.render
parse = functools.partial(build_heldout.parse, prefix=build_heldout.SETS["heldout_c"])
main = functools.partial(build_heldout.main, default_set="heldout_c")

if __name__ == "__main__":
    sys.exit(main())
