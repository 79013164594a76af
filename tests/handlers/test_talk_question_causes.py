"""Talk questions (who, summary, watch) by their general causes, in English and German, through the function mentions
and DMs call, on the bundled corpus in a real SQLite file: the first hit is from the asked talk. Lines are of the 000
file."""

from __future__ import annotations

from store.db import Store
from tests.handlers.test_questions import ask, body


def _first_line(reply: object) -> int:
    found = body(reply)  # type: ignore[arg-type]
    assert found["covered"] is not False, found["message"].get("text")
    return found["hits"][0]["source"]["line"]


async def test_who_with_where_the_person_is_from_before_the_presenting_verb(store: Store) -> None:
    # "who from X gave a talk", "which X person gave a talk": the place names the speaker's talk (Kai Wong, Rice
    # University: 000:90), the question asks who
    for text in ("who from rice university gave a talk", "which rice university person gave a talk",
                 "anyone know which rice university person gave a talk here and what it was about",
                 "welche person von der rice university hat hier einen talk gehalten"):
        reply = await ask(store, text)
        assert body(reply)["shape"] == "who", text
        assert _first_line(reply) == 90, text
