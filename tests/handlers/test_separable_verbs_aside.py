"""Words of a German question a key point need not hold: a separable verb the parser joins into one word no one
typed ("setzen … ein": einsetzen) is a verb like any other the question types, what is done in the asker's words; "die
ganze zeit" says how often. Through the function mentions and DMs call, on the bundled corpus in a real SQLite file.
Lines are of the 000 file."""

from __future__ import annotations

from store.db import Store
from store.state import BotState
from tests.handlers.test_questions import MAIN, ask, body, first, follow_up


async def test_a_joined_separable_verb_is_no_word_a_point_must_hold(store: Store) -> None:
    # "firmen" is the asker's word; 000:74's Hyperparameter-Sweeps point holds the rest (Kinetic, the sweeps), not
    # "einsetzen"
    reply = await ask(store, "wie setzen firmen kinetic für hyperparameter-sweeps ein")
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de"
    assert first(reply) == (MAIN, 74)


async def test_an_absent_name_with_a_separable_verb_is_still_not_covered(store: Store) -> None:
    reply = await ask(store, "wie setzen firmen terraform ein")
    assert body(reply)["covered"] is False


async def test_a_joined_separable_verb_the_point_says_stays_a_word_of_the_rest(store: Store, state: BotState) -> None:
    # 000:69's Setup is what "einrichten" asks: with Kinetic it restates that point, "anfang" is the asker's word
    reply = await follow_up(store, state, "worum gings in dem kinetic vortrag", "und wie richte ich das am anfang ein",
                            "1700000000.000001")
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de"
    assert first(reply) == (MAIN, 69)


async def test_how_often_is_no_word_a_point_must_hold(store: Store) -> None:
    # "die ganze zeit" says how often, in the asker's words: the Tunix talk's post-training points hold the rest
    # (post-training, Tunix); "ein Auge haben" is to monitor, 388's "Überwachung … während des Post-Trainings"
    reply = await ask(store, "worauf muss man beim post-training mit tunix die ganze zeit n auge haben")
    assert body(reply)["covered"] is True and body(reply)["lang"] == "de"
    assert first(reply) == (MAIN, 388)
