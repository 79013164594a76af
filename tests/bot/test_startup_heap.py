"""bot.server.freeze_startup_heap: what start-up built leaves garbage collection, and is still freed when replaced."""

from __future__ import annotations

import gc
import sqlite3

from bot.server import freeze_startup_heap
from store.db import Store
from store.edits import BUMP_GENERATION_SQL


async def test_a_new_generation_frees_the_frozen_view_of_the_old_one(store: Store) -> None:
    assert (await store.define("XLA")).hits  # the view is built before the freeze, as in serve
    try:
        freeze_startup_heap()
        assert gc.get_freeze_count() > 10_000  # the modules, the store and its view
        with sqlite3.connect(store.db_path) as conn:  # a team edit elsewhere: the next query reads a new view
            conn.execute(BUMP_GENERATION_SQL)
        assert (await store.define("HBM")).hits
        gc.collect()  # garbage made since the freeze (never frozen)
    finally:
        gc.unfreeze()
    # What was frozen and is unreachable now could only have been freed by a collection, which skipped it while
    # frozen: a reference cycle in the old view would have kept it for the life of the process.
    assert gc.collect() == 0
