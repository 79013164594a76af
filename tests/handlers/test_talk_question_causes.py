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


async def test_the_gist_of_a_talk_asks_for_its_summary(store: Store) -> None:
    # Kernaussage, Quintessenz, takeaway, gist of a talk: what the whole talk says, its summary; not a term of that name
    # (the TPU database talk, 000:3, whose Q4.1 runs out of HBM)
    for text in ("was ist die kernaussage von dem vortrag wo eine abfrage auf der tpu am zu kleinen speicher scheitert",
                 "what's the main takeaway of the video where a tpu runs out of memory on a database query"):
        reply = await ask(store, text)
        assert body(reply)["shape"] == "summary", text
        assert _first_line(reply) == 3, text
    german = await ask(store, "was ist die quintessenz des vortrags über kinetic")
    assert body(german)["shape"] == "summary" and _first_line(german) == 60


async def test_talks_matched_alike_go_to_the_one_whose_point_tells_it(store: Store) -> None:
    # the Tunix post-training video (000:374) and the post-training/RL talk (000:153) both name SFT, DPO and GRPO
    # across their points; only the Tunix video's 25:05 Algorithmuselektion (000:386) tells when to pick which
    for text in ("summarize the video that tells you when to bother adding grpo on top of sft and dpo",
                 "who gave the talk that tells you when to pick sft, dpo or grpo",
                 "wer hat den vortrag gehalten der sagt wann man sft, dpo oder grpo wählt"):
        assert _first_line(await ask(store, text)) == 374, text


async def test_where_to_start_asks_which_talk_to_watch(store: Store) -> None:
    # "womit fang ich an, wenn ich X lernen will", "what should I start with": which talk to watch first, as "where
    # should I start" asks (the Tunix post-training video, 000:374; the Pallas talk, 004:1)
    german = await ask(store, "womit fang ich an wenn ich post-training von sprachmodellen in jax von grund auf "
                              "lernen will")
    assert body(german)["shape"] == "watch" and _first_line(german) == 374
    spoken = await ask(store, "wo soll ich anfangen wenn ich pallas kernel schreiben will")
    assert body(spoken)["shape"] == "watch" and body(spoken)["hits"][0]["source"]["file"].startswith("004")
    english = await ask(store, "what should i start with if i want to learn post-training in jax")
    assert body(english)["shape"] == "watch" and _first_line(english) == 374


async def test_a_german_adjective_in_another_case_names_the_same_thing(store: Store) -> None:
    # "mit dem entkoppelten Agenten-Modell" is the Tinix talk's "Entkoppeltes Agenten-Modell" (000:304): the case
    # ending of an adjective is no part of the name, so the summaries have it (the talk's summary, 000:293)
    for text in ("kurzer überblick über den talk mit dem entkoppelten agenten-modell bitte",
                 "wer hat den vortrag zum entkoppelten agenten-modell gehalten"):
        assert _first_line(await ask(store, text)) == 293, text


async def test_the_gist_of_a_talk_named_before_its_noun(store: Store) -> None:
    # "die Kernbotschaft vom Pallas-Talk", "the main takeaway of the kinetic talk": the talk's name stays its subject
    german = await ask(store, "was war die kernbotschaft vom pallas talk")
    assert body(german)["shape"] == "summary" and body(german)["hits"][0]["source"]["file"].startswith("004")
    english = await ask(store, "what's the main takeaway of the kinetic talk")
    assert body(english)["shape"] == "summary" and _first_line(english) == 60


async def test_what_a_talk_is_about_asked_with_wovon_or_indirectly(store: Store) -> None:
    # "wovon handelt …" and the indirect "(kannst du mir sagen,) wovon der vortrag über X handelt", "worum es in dem
    # video über X geht" ask what the talk is about, as "worum geht es" does: its summary
    for text, line in (("kannst du mir sagen, wovon der vortrag über tunix handelt", 374),
                       ("worum es in dem video über kinetic geht", 60),
                       ("wovon handelt das video mit dem baumhaus", 541)):
        reply = await ask(store, text)
        assert body(reply)["shape"] == "summary", text
        assert _first_line(reply) == line, text


async def test_which_speaker_asks_who(store: Store) -> None:
    # "welcher Sprecher", "welche Referentin": who of the speakers, as "which speaker" asks
    reply = await ask(store, "welcher sprecher hat über pallas geredet")
    assert body(reply)["shape"] == "who" and body(reply)["hits"][0]["source"]["file"].startswith("004")


async def test_lernen_after_its_object_is_the_verb(store: Store) -> None:
    # German puts the infinitive after its object: "über hbm lernen" is learning about HBM (the Pallas talk's memory
    # architecture), no name "HBM-Lernen" (max_evol's "Lernen"); after an adjective it is one ("maschinelles lernen")
    reply = await ask(store, "ich will was über hbm lernen, welcher vortrag passt")
    assert body(reply)["shape"] == "watch" and body(reply)["hits"][0]["source"]["file"].startswith("004")


async def test_the_verbs_ending_a_clause_that_describes_the_talk_are_the_askers(store: Store) -> None:
    # "das video, wo die bienen unter der erde leben": the clause's last verb is the asker's wording, its nouns name the
    # talk (the vlog's Geothermie-Bienen, 000:573); "leben" searched alone is Tinix's "Sandbox-Lebenszyklus"
    reply = await ask(store, "kurze zusammenfassung vom video, wo die bienen unter der erde leben")
    assert body(reply)["shape"] == "summary" and _first_line(reply) == 567


async def test_a_compound_whose_words_one_talk_holds_describes_that_talk(store: Store) -> None:
    # "nen trainingsjob": no summary writes it, Kinetic's writes Trainingsfunktionen and Jobs (the talk of closing the
    # laptop and attaching again, 000:60); the clause's verbs are the asker's wording
    reply = await ask(store, "wer hat den talk gehalten wo man nen trainingsjob startet, den laptop zuklappt und sich "
                             "später wieder dranhängt")
    assert body(reply)["shape"] == "who" and _first_line(reply) == 60
    # … a compound whose words no talk holds together stays a thing of its own the talks lack
    apart = await ask(store, "wer hat über gradientenakkumulation gesprochen")
    assert body(apart)["covered"] is False and "*gradientenakkumulation*" in body(apart)["message"]["text"]


async def test_an_aspect_noun_does_not_say_which_talk(store: Store) -> None:
    # "Ergebnisse", "results" ask about an aspect of the talk's topic: the talk is the RL talk's, whose 000:167 has the
    # Math 500 benchmark, not the TPU database talk, whose summary says "Die Ergebnisse zeigen" (000:3)
    rl_talk = "post-training-und-rl-von-grossen-sprachmodellen-auf-google"
    for text in ("wer hat die math 500 ergebnisse gezeigt", "who showed the math 500 results",
                 "fass mir die math 500 ergebnisse zusammen"):
        reply = await ask(store, text)
        assert body(reply)["hits"][0]["talk_id"] == rl_talk, text


async def test_an_indirect_who_question_puts_its_verb_last_before_a_clause_on_the_talk(store: Store) -> None:
    # after "weißt du" or "kannst du mir sagen", German asks who with the verb last ("wer das video gemacht hat"), and a
    # clause after it says which talk: the bee vlog (000:567), the NC/CNC video (000:618)
    for text, line in (("weißt du, wer das video gemacht hat, in dem es um bienen unter der erde ging", 567),
                       ("kannst du mir sagen, wer den vortrag gehalten hat, in dem es um lochstreifen ging", 618)):
        reply = await ask(store, text)
        assert body(reply)["shape"] == "who", text
        assert _first_line(reply) == line, text


async def test_what_the_talk_about_a_topic_was_asks_for_its_summary(store: Store) -> None:
    # "what was the intel talk about running jax on their graphics cards": the talk described by its topic, its
    # closing "about" left out, no term "intel talk about …" to define (the oneAPI talk's summary)
    for text in ("what was the intel talk about running jax on their graphics cards",
                 "was ist der vortrag über pallas"):
        reply = await ask(store, text)
        assert body(reply)["shape"] == "summary", text
    reply = await ask(store, "what was the intel talk about running jax on their graphics cards")
    assert body(reply)["hits"][0]["talk_id"] == "integration-des-oneapi-backends-in-den-xla-compiler"


async def test_a_talk_named_by_any_word_tying_it_to_its_noun_asks_for_its_summary(store: Store) -> None:
    # a talk noun (a documentary, a Präsentation too) with whatever ties its topic or speakers to it (von, mit, über,
    # on) names one talk, as in the summary patterns: its summary, not a definition of "Rice University" or "Bienen"
    for text, line in (("was ist der vortrag von der rice university", 90),
                       ("was war das video mit den bienen", 567),
                       ("was ist die präsentation über kinetic", 60),
                       ("tell me about the documentary on the luxury treehouse in carinthia", 541)):
        reply = await ask(store, text)
        assert body(reply)["shape"] == "summary", text
        assert _first_line(reply) == line, text


async def test_a_term_placed_in_a_talk_described_by_its_topic_is_defined(store: Store) -> None:
    # "what is GRPO [in] the talk on Tunix": the term is asked for, the talk only places it (GRPO's glossary entry,
    # 000:400; Pallas's, 000:16), not the talk's summary
    for text, line in (("what is grpo in the talk on tunix", 400), ("was ist pallas im vortrag über tpu kernels", 16)):
        reply = await ask(store, text)
        assert body(reply)["shape"] == "definition", text
        assert _first_line(reply) == line, text


async def test_who_are_the_people_named_by_their_job_asks_who(store: Store) -> None:
    # "who are the two google engineers behind …" names the speakers by their job, as "who's the guy …" does: the XLA
    # crash course's speakers (189)
    reply = await ask(store, "who are the two google engineers behind the xla compiler deep dive")
    assert body(reply)["shape"] == "who"
    assert _first_line(reply) == 189


async def test_a_video_asked_for_by_a_whether_clause_is_one_talk_to_watch(store: Store) -> None:
    # "gibts ein video darüber, ob …" asks for the one talk on that question, as "… darüber, wie …" does: the CNC
    # talk on how automation changed the machinist's trade (618)
    reply = await ask(store, "gibts ein video darüber, ob die automatisierung früher handwerker entwertet hat")
    assert body(reply)["shape"] == "watch"
    assert _first_line(reply) == 618
