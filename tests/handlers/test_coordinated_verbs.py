"""An English question whose subject is a pronoun ("how do you …", "can i …") may join a second verb to its first with
"and": the words after the "and" are that verb and its object ("… and [ship jobs] to a cluster"), not a name of two
words the summaries lack. Lines are of the 000 file."""

from __future__ import annotations

import pytest

from handlers.questions import name_runs
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, body, first


@pytest.mark.parametrize(("text", "words"), [
    ("how do i install kinetic and submit jobs to a cluster", ["submit", "jobs"]),
    ("how do you install the maxtext post-training stack and ship jobs to a cluster", ["ship", "jobs"]),
])
def test_a_run_after_and_starts_with_the_pronoun_s_verb(text: str, words: list[str]) -> None:
    run = next(run for run in name_runs(text, "en") if run.words == words)
    assert run.after_pronoun, text


def test_a_run_after_and_with_no_pronoun_subject_is_read_as_before() -> None:
    # no pronoun subject: what follows "and" is read as before (a name, a subject: no verb of the asker's)
    run = next(run for run in name_runs("how does kinetic handle gcs buckets and hugging face repos", "en")
               if run.words[:1] == ["hugging"])
    assert not run.after_pronoun


async def test_a_verb_joined_by_and_is_no_name_the_summaries_lack(store: Store) -> None:
    # Kinetic's installation (000:69); "submit jobs" is no unknown kind of job
    reply = await ask(store, "how do i install kinetic and submit jobs to a cluster")
    assert body(reply)["covered"] is True and first(reply) == (MAIN, 69)


async def test_a_shipped_job_is_no_unknown_thing(store: Store) -> None:
    # the post-training talk holds installing and submitting workloads (000:165): "ship jobs" is no unknown name
    reply = await ask(store, "how do you install the maxtext post-training stack and ship jobs to kubernetes")
    assert body(reply)["covered"] is True and first(reply)[0] == MAIN
