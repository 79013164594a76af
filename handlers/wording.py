"""The bot's own words in English and German; corpus text is never translated.

``say(lang, key, **fields)`` formats one phrase; fields are already-escaped mrkdwn. A phrase
missing in German falls back to English, so a new phrase never breaks an answer.
"""

from __future__ import annotations

LANGUAGES = ("en", "de")

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "help": (
            "Ask me about the team's talk summaries, in English or German, here or in a direct message:\n"
            "• `what is PJRT?` · `what does HBM stand for?` — a glossary entry\n"
            "• `who presented the XLA crash course?` · `when was HBM discussed?` — speakers, every moment\n"
            "• `difference between HLO and StableHLO?` · `summarize Kinetic`\n"
            "• `which talk should I watch to learn Pallas?` · `how much faster was FlyDSL?` · `why …?`\n"
            "• `which talks are about RL?` · `what talks do you have?`\n"
            "In a thread I remember the topic: `who presented it?`, `and what about ORPO?`, `more`.\n"
            "Commands: `/define XLA` · `/talk pallas` · `/digest kinetic`"
        ),
        "not_covered": "The summaries don't mention *{subject}*.",
        "not_covered_with": "The summaries don't mention *{subject}* together with *{topic}*.",
        "covered_part": "What they say about *{topic}*:",
        "closest": "Closest matches: {names}",
        "nothing": "I found nothing about *{subject}* in the summaries.",
        "lead_point": "At {stamp} in _{talk}_: {sentence}",
        "lead_highlight": "In the discussion of _{talk}_: {sentence}",
        "lead_entry": "In the glossary of _{talk}_: {sentence}",
        "defined_in": "Defined in {count} talk{plural}: {titles}",
        "and_more": " and {count} more",
        "senses": "{count} senses",
        "all_definitions": "All definitions",
        "presented_by": "*{title}* was presented by {speakers}.",
        "no_speakers": "The summary of *{title}* does not name its speakers.",
        "speakers_of_others": "Other talks about it: {talks}",
        "moments_head": "*{subject}* comes up at {count} moment{plural} in {talks} talk{talks_plural}:",
        "compare_both": "Where both come up:",
        "compare_missing": "No key point discusses *{a}* and *{b}* together; each on its own:",
        "recommend": "Watch *{title}* ({speakers}): {why}",
        "recommend_why": "it covers {subject} at {stamp}: {sentence}",
        "recommend_summary": "{sentence}",
        "also": "Also worth a look:",
        "talks_head": "{count} talk{plural} about *{subject}*:",
        "all_talks": "I know {count} talks:",
        "summary_points": "Key points:",
        "quantity_none": "No key point gives a number for this; the closest:",
        "scoped": "From this thread's talk, _{title}_:",
        "more_done": "That was everything I have on *{subject}*.",
        "more_without_topic": "More about what? Ask me a question first, then say `more` in its thread.",
        "more_hint": "Say `more` for the next ones.",
        "clarify": (
            "About what? I can't tell what this refers to yet. Ask the whole question, e.g. "
            "`why did they replace all_to_all on TPUs?`, or ask `why?` in the thread of one of my answers."
        ),
        "matched": "matched",
        "talks": "Talks",
        "speakers_unknown": "speakers not named",
        "key_points_count": "{count} key points",
        "also_defined": "Also in the glossary:",
        "no_talk": "No talk matches *{subject}*.",
        "which_talk": "Which talk? Name it, e.g. `who presented kinetic?`",
    },
    "de": {
        "help": (
            "Frag mich zu den Vortragszusammenfassungen des Teams, auf Deutsch oder Englisch, hier oder per "
            "Direktnachricht:\n"
            "• `was ist PJRT?` · `wofür steht HBM?` — ein Glossareintrag\n"
            "• `wer hat den XLA-Crashkurs gehalten?` · `wann wurde über HBM gesprochen?` — Sprecher, jede Stelle\n"
            "• `Unterschied zwischen HLO und StableHLO?` · `Zusammenfassung von Kinetic`\n"
            "• `welchen Vortrag sollte ich mir ansehen, um Pallas zu lernen?` · `wie viel schneller war FlyDSL?`"
            " · `warum …?`\n"
            "• `welche Vorträge gibt es zu RL?` · `welche Vorträge gibt es?`\n"
            "Im Thread merke ich mir das Thema: `wer hat ihn gehalten?`, `und was ist mit ORPO?`, `mehr dazu`.\n"
            "Befehle: `/define XLA` · `/talk pallas` · `/digest kinetic`"
        ),
        "not_covered": "Die Zusammenfassungen erwähnen *{subject}* nicht.",
        "not_covered_with": "Die Zusammenfassungen erwähnen *{subject}* nicht im Zusammenhang mit *{topic}*.",
        "covered_part": "Was sie zu *{topic}* sagen:",
        "closest": "Am nächsten kommen: {names}",
        "nothing": "Zu *{subject}* habe ich in den Zusammenfassungen nichts gefunden.",
        "lead_point": "Bei {stamp} in _{talk}_: {sentence}",
        "lead_highlight": "In der Diskussion zu _{talk}_: {sentence}",
        "lead_entry": "Im Glossar zu _{talk}_: {sentence}",
        "defined_in": "Definiert in {count} Vortr{plural_de}: {titles}",
        "and_more": " und {count} weiteren",
        "senses": "{count} Bedeutungen",
        "all_definitions": "Alle Definitionen",
        "presented_by": "*{title}* wurde von {speakers} gehalten.",
        "no_speakers": "Die Zusammenfassung von *{title}* nennt keine Sprecher.",
        "speakers_of_others": "Weitere Vorträge dazu: {talks}",
        "moments_head": "*{subject}* kommt an {count} Stelle{plural_n} in {talks} Vortr{talks_plural_de} vor:",
        "compare_both": "Wo beide vorkommen:",
        "compare_missing": "Kein Kernpunkt behandelt *{a}* und *{b}* zusammen; beide einzeln:",
        "recommend": "Schau dir *{title}* an ({speakers}): {why}",
        "recommend_why": "dort geht es bei {stamp} um {subject}: {sentence}",
        "recommend_summary": "{sentence}",
        "also": "Auch interessant:",
        "talks_head": "Vorträge zu *{subject}* ({count}):",
        "all_talks": "Ich kenne {count} Vorträge:",
        "summary_points": "Kernpunkte:",
        "quantity_none": "Kein Kernpunkt nennt dazu eine Zahl; am nächsten kommt:",
        "scoped": "Aus dem Vortrag dieses Threads, _{title}_:",
        "more_done": "Mehr habe ich zu *{subject}* nicht.",
        "more_without_topic": "Mehr wozu? Stell mir zuerst eine Frage und schreib dann `mehr dazu` in ihren Thread.",
        "more_hint": "Schreib `mehr dazu` für die nächsten.",
        "clarify": (
            "Worauf bezieht sich das? Das sehe ich hier noch nicht. Stell die ganze Frage, z. B. "
            "`warum wurde all_to_all ersetzt?`, oder frag `warum?` im Thread einer meiner Antworten."
        ),
        "matched": "gefunden über",
        "talks": "Vorträge",
        "speakers_unknown": "Sprecher nicht genannt",
        "key_points_count": "{count} Kernpunkte",
        "also_defined": "Außerdem im Glossar:",
        "no_talk": "Kein Vortrag passt zu *{subject}*.",
        "which_talk": "Welcher Vortrag? Nenn ihn, z. B. `wer hat Kinetic gehalten?`",
    },
}


def say(lang: str, key: str, **fields: object) -> str:
    """The phrase ``key`` in ``lang`` (English when missing), with ``fields`` filled in.

    ``count`` also fills the plural endings: ``plural`` (s), ``plural_n`` (n), ``plural_de`` (ag/ägen).
    """
    table = PHRASES.get(lang, PHRASES["en"])
    template = table.get(key) or PHRASES["en"][key]
    for name, prefix in (("count", "plural"), ("talks", "talks_plural")):
        value = fields.get(name)
        if isinstance(value, int):
            one = value == 1
            fields.setdefault(prefix, "" if one else "s")
            fields.setdefault(f"{prefix}_n", "" if one else "n")
            fields.setdefault(f"{prefix}_de", "ag" if one else "ägen")
    return template.format(**fields)
