"""A talk asked for by what the asker wants to know ("welches Video, wenn ich wissen will, wie sich der Job vom Dreher
verändert hat") keeps the verbs of that indirect question: they are what is asked ("verändert": the talk on the
Wandel of the trade), not the asker's description of a talk, whose verbs are left out. The German verb the summaries
write in English ("abbilden": "Operator-Mapping", "mappen") is translated. Through the function mentions and DMs call,
on the bundled corpus."""

from __future__ import annotations

import json

import pytest

from bot.console import as_json
from handlers import mentions
from store.db import Store


@pytest.mark.parametrize(("text", "talk"), [
    # without "verändert" only "Job" and "Dreher" are left, and Kinetic's jobs win
    ("welchen vortrag soll ich schauen, wenn ich wissen will, wie sich der job der maschinisten verändert hat",
     "wandel-des-zerspanungs-und-maschinenbauhandwerks"),
    ("welches video soll ich gucken wenn ich verstehen will wie sich der job vom dreher gewandelt hat",
     "wandel-des-zerspanungs-und-maschinenbauhandwerks"),
    ("welches video lohnt sich wenn ich wissen möchte wie sich der job vom dreher verändert hat",
     "wandel-des-zerspanungs-und-maschinenbauhandwerks"),
    # the kept verb "abbildet" is the TPU database talk's "Operator-Mapping", not the XLA course's "abgebildet"
    ("welcher vortrag zeigt wie man joins auf tpus abbildet", "nutzung-von-tpus-fuer-relationale-datenbankabfragen"),
    ("welchen talk soll ich gucken wenn ich verstehen will wie man joins auf tpu hardware abbildet",
     "nutzung-von-tpus-fuer-relationale-datenbankabfragen"),
])
async def test_an_indirect_questions_verbs_are_asked(store: Store, text: str, talk: str) -> None:
    shown = json.loads(as_json(await mentions.answer(store, f"<@UBOT> {text}")))
    assert shown["hits"][0]["talk_id"] == talk, text
