"""A hyphenated name whose part no summary has is absent when that part is a name English and German both write,
none of German's own or basic words: through the function mentions and DMs call, on the bundled corpus in a real
SQLite file. No summary writes Minecraft (grep over corpus/*.txt); the RL talk (Tunix) has Agenten and Sandboxen."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, assert_said_not_covered, body, first


async def test_a_name_both_languages_write_makes_a_hyphenated_name_absent(store: Store) -> None:
    text = "gibts bei dem rl-framework mit den sandboxes auch minecraft-agenten"
    reply = await ask(store, text)
    assert_said_not_covered(reply, "Die Zusammenfassungen erwähnen *minecraft-agenten* nicht.", text)
    assert first(reply) == (MAIN, 316)  # what the summaries say about the RL framework's agents follows


async def test_a_german_word_of_its_own_in_a_hyphenated_word_is_the_askers(store: Store) -> None:
    # "Häuschen" is German's own word for the Baumhaus the treehouse talk (summary heading 541) is about
    reply = await ask(store, "lohnt sich das video über das luxus-häuschen in den baumkronen in kärnten, wenn ich "
                             "wissen will wie man beim bauen die bäume schont")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 541)
