"""Imported once by the forkserver (see `clindeid.runner.work`): builds a default pipeline and
warms it up, so that the shipped models (CRF, general-domain NER) and the knowledge tables
are loaded once there, and every worker forked from it starts with them (shared
copy-on-write) instead of loading them itself. Nothing here may fail the forkserver."""

from __future__ import annotations

import contextlib

with contextlib.suppress(Exception):
    from clindeid.pipeline import Pipeline
    from clindeid.runner.work import warm_up

    warm_up(Pipeline())
