"""Questions about a concept no summary mentions, typed next to words the summaries do have: through the function
mentions and DMs call, on the bundled corpus in a real SQLite file. Absence was checked by grep over corpus/*.txt."""

from __future__ import annotations

import pytest

from handlers.questions import name_runs
from store.db import Store
from tests.handlers.test_coverage import MAIN, ask, assert_said_not_covered, body, first


@pytest.mark.parametrize(("text", "said"), [
    # German inflects no verb in -ing: a lower-case -ing word is the English noun a German question borrows, with the
    # word typed before it (the talks have verteilt and Caching, Prompt and Tuning, never together)
    ("wo gings um verteiltes caching", "Die Zusammenfassungen erwähnen *verteiltes caching* nicht."),
    ("kann tunix auch prompt tuning", "Die Zusammenfassungen erwähnen *prompt tuning* nicht."),
    ("gibts was zu model serving", "Die Zusammenfassungen erwähnen *model serving* nicht."),
])
async def test_an_english_gerund_in_a_german_question_ends_a_name(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # "how many" counts in a word and the unit it qualifies: the summaries have quadratisch and Meter, GPUs and
    # Stunden, never side by side, so no point gives that measure
    ("how many square meters does the treehouse have", "The summaries don't mention *square meters*."),
    ("how many gpu hours did max_evol need for the case study", "The summaries don't mention *gpu hours*."),
])
async def test_a_unit_of_two_words_the_summaries_have_apart_is_absent(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_unit_of_two_words_a_point_gives_is_answered(store: Store) -> None:
    # 000:419 gives the Kompilierungszeit von 95 Minuten of the Qwen Image port
    reply = await ask(store, "how many compile minutes did the qwen image port need on the tpu")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 419)


@pytest.mark.parametrize(("text", "said"), [
    # the words that name the talk say which talk a point is of, not what it says: a JAX Quantum point on
    # Schaltkreise restates no question about Cirq's circuits, a vLLM/SGLang point on tokens none about the time to
    # the first one
    ("kann man in jax quantum cirq-schaltkreise laden", "Die Zusammenfassungen erwähnen *cirq-schaltkreise* nicht."),
    ("lassen sich mit jax quantum auch cirq-schaltkreise importieren?",
     "Die Zusammenfassungen erwähnen *cirq-schaltkreise* nicht."),
    ("what are the time to first token numbers in the vllm sglang talk",
     "The summaries don't mention *first token numbers*."),
])
async def test_a_talks_name_restates_no_point(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # a German question typed in lower case borrows an English noun as it is, whatever the tagger reads ("dropout":
    # an adverb to it): a word no summary has, what the question asks about
    ("kannst du mir erklären, was dropout beim training von netzen bringt?",
     "Die Zusammenfassungen erwähnen *dropout* nicht."),
    ("was bringt eigentlich dropout beim training", "Die Zusammenfassungen erwähnen *dropout* nicht."),
])
async def test_an_english_noun_in_a_lower_case_german_question_is_absent(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_german_verb_with_an_umlaut_is_no_english_noun(store: Store) -> None:
    # "löst" folds to "lost", which English writes, but English has no umlaut: the question asks which solver the
    # CasADi talk uses (000:519, IPOPT), no word "löst" the summaries lack
    reply = await ask(store, "welcher solver löst das nlp bei casadi")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 519)


@pytest.mark.parametrize(("text", "said"), [
    # a phrase of the word list ending a name is one thing, the kind the words before it name: a talk titled with
    # "neuronaler Netze" (and whose rows say Graphen of CasADi) holds neural networks, no graph neural network
    ("what is a graph neural network?", "The summaries don't mention *graph neural network*."),
    ("tell me about graph neural networks", "The summaries don't mention *graph neural networks*."),
    ("are graph neural networks covered in any talk", "The summaries don't mention *graph neural networks*."),
])
async def test_a_kind_of_a_phrase_a_talk_is_titled_with_is_absent(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_the_phrase_a_talk_is_titled_with_is_answered(store: Store) -> None:
    # 000:517 embeds neural networks in CasADi
    reply = await ask(store, "how are neural networks embedded in casadi")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 517)


@pytest.mark.parametrize(("text", "said"), [
    # a yes/no question's subject is a name typed in lower case, as Slack's askers type names, placed by a
    # preposition ("vllm on tpu"); its verb ("support") says what is asked of the thing after it, no word of what the
    # vLLM talk says: the talks have Decoding, and guided only as other words (geleitet), never that kind of decoding
    ("does vllm support guided decoding", "The summaries don't mention *guided decoding*."),
    ("does vllm on tpus support guided decoding?", "The summaries don't mention *guided decoding*."),
])
async def test_the_object_of_a_lower_case_names_verb_is_the_asked_name(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_placed_lower_case_names_verb_and_a_thing_its_talk_has_is_answered(store: Store) -> None:
    # 000:74: Kinetic's batch workloads with hyperparameter sweeps
    reply = await ask(store, "does kinetic on tpu support hyperparameter sweeps")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 74)


@pytest.mark.parametrize(("text", "said"), [
    # the example the asker names after "like" is what the question asks whether the talks say: the TPU database
    # study's points hold TPUs, databases and GPUs, no HeavyDB (grep -i heavydb: none)
    ("did the tpu database study compare against a gpu database like heavydb?",
     "The summaries don't mention *heavydb*."),
    ("did they benchmark the tpu database against gpu databases like heavydb",
     "The summaries don't mention *heavydb*."),
])
async def test_a_named_example_no_summary_has_is_not_covered(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_named_example_a_talk_has_is_answered(store: Store) -> None:
    # 000:384: Tunix's reinforcement learning with GRPO
    reply = await ask(store, "does tunix support rl algorithms like grpo")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 384)


@pytest.mark.parametrize("text", [
    # a preposition's object ends the yes/no question: a word the summaries have (GitHub) and a noun they lack
    # (actions) name one thing, whatever verb comes before it; a Kinetic point on jobs does not say it
    "can kinetic kick off jobs from github actions",
    "can kinetic run jobs from github actions",
])
async def test_a_name_ending_a_yes_no_question_after_a_preposition_is_absent(store: Store, text: str) -> None:
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *github actions*.", text)


def test_how_many_dimensions_starts_a_name() -> None:
    # "3d" is no name of its own (GSPMD, Qwen2.5) but the adjective of the noun after it
    assert [run.text for run in name_runs("did the machining video talk about 3d printing", "en")] == ["3d printing"]


async def test_a_prepositions_object_after_a_do_questions_verb_is_a_name(store: Store) -> None:
    # 3D is the treehouse's tree scan (000:547), printing is elsewhere, never 3D printing: the object of "about" is
    # the thing asked whether the talk says, no verb of the subject's
    text = "did the machining video talk about 3d printing"
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *3d printing*.", text)


async def test_a_counted_prepositions_object_is_no_name(store: Store) -> None:
    # "on several intel gpus": how many, then the GPUs the oneAPI talk has; its point on oneCCL answers
    reply = await ask(store, "what does oneccl take care of when you train on several intel gpus")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 268)


@pytest.mark.parametrize(("text", "said"), [
    # the object of a verb of saying is what the talk is asked whether it says: Pallas has Puffer and "Double" is a
    # word of another talk's glossary, never double buffering; no summary has checkpointing
    ("does the pallas talk cover double buffering", "The summaries don't mention *double buffering*."),
    ("did the xla talk mention gradient checkpointing", "The summaries don't mention *gradient checkpointing*."),
])
async def test_a_verb_of_sayings_object_is_a_name(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_verb_of_sayings_object_a_point_holds_is_answered(store: Store) -> None:
    # 000:74 is Kinetic's Hyperparameter-Sweeps point
    reply = await ask(store, "does the kinetic talk cover hyperparameter sweeps")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 74)


@pytest.mark.parametrize(("text", "said"), [
    # a name of two words no summary has any of, asked whether the database study used it: a point holding the
    # study's other words (000:9) does not say it in other words
    ("hat die uni-studie zu datenbanken auf tpus auch apache arrow als datenformat benutzt",
     "Die Zusammenfassungen erwähnen *apache arrow* nicht."),
    ("did the michigan database study on tpus use apache arrow", "The summaries don't mention *apache arrow*."),
])
async def test_a_name_of_absent_words_asked_whether_restates_no_point(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_absent_words_of_a_how_many_question_restate_a_point(store: Store) -> None:
    # 000:573 gives how long the vlogger's geothermal beehives have run, in its own words
    reply = await ask(store, "how many years have the underground beehives been running now")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 573)


@pytest.mark.parametrize("text", [
    # "list" ends the name it is typed after, as "learning" does ("reinforcement learning"), and a question asking
    # what a thing is names it, however basic its head: the summaries have verbunden and verknüpft, never a list of
    # them, so a glossary card that links things (DCN) answers another term
    "what is a linked list",
    "what is a linked list?",
])
async def test_a_defined_kind_whose_head_no_summary_has_is_absent(store: Store, text: str) -> None:
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *linked list*.", text)


def test_list_ends_a_name_but_frames_a_request() -> None:
    assert [run.text for run in name_runs("what is a linked list", "en")] == ["linked list"]
    assert name_runs("list the talks about pallas", "en") == []


@pytest.mark.parametrize("text", [
    # "ping" is no -ing form (no verb's letters before the -ing) and no part of the corpus's Mapping: a noun of an
    # English yes/no question no summary has, whatever Kinetic point holds the job
    "can kinetic ping me on slack when a job is done",
    "does kinetic ping me when a job is done",
])
async def test_a_word_ending_in_ing_that_is_no_verb_form_is_asked_whether(store: Store, text: str) -> None:
    assert_said_not_covered(await ask(store, text), "The summaries don't mention *ping*.", text)


async def test_a_progressive_verb_is_no_thing_asked_whether(store: Store) -> None:
    # 000:73 is Kinetic's point on detached jobs
    reply = await ask(store, "is the job running on kinetic")
    assert body(reply)["covered"] is not False and first(reply) == (MAIN, 73)


@pytest.mark.parametrize(("text", "said"), [
    # a term no language writes, asked whether a covered talk uses it, is what the question asks: the CasADi point on
    # IPOPT (000:519) holds the rest of the question but names no linear solver
    ("nutzt das casadi video neben ipopt auch pardiso als linearen löser",
     "Die Zusammenfassungen erwähnen *pardiso, löser* nicht."),
])
async def test_a_rare_term_asked_whether_is_not_restated_by_a_point(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


@pytest.mark.parametrize(("text", "said"), [
    # "gan" only starts ganzjährig and gängig: no summary holds GAN, so the question is not covered, not answered with
    # the treehouse's ganzjährig point (000:605)
    ("wie funktioniert eigentlich ein gan", "Die Zusammenfassungen erwähnen *gan* nicht."),
    ("how does a gan work", "The summaries don't mention *gan*."),
])
async def test_a_rare_three_letter_word_that_only_starts_other_words_is_absent(store: Store, text: str,
                                                                             said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_three_letter_word_going_on_as_a_form_or_everyday_is_held(store: Store) -> None:
    # "llm" goes on as LLMs; an everyday word ("dig") may be a form the summaries write in German
    assert await store.only_starts_words("gan") and not await store.only_starts_words("llm")
    reply = await ask(store, "what is an llm")
    assert body(reply)["covered"] is True


@pytest.mark.parametrize(("text", "said"), [
    # after a verb of saying, an absent -ed adjective opens the object, a kind of the things after it: no summary
    # has "ragged"; the Pallas talk has matmul kernels (004:10), never ragged ones
    ("did the pallas talk mention ragged matmul kernels", "The summaries don't mention *ragged matmul kernels*."),
])
async def test_an_absent_word_opening_a_verb_of_sayings_object_names_the_kind(store: Store, text: str,
                                                                             said: str) -> None:
    reply = await ask(store, text)
    assert_said_not_covered(reply, said, text)
    assert body(reply)["hits"][0]["talk_id"].startswith("pallas"), text


@pytest.mark.parametrize(("text", "said"), [
    # a request to explain has its object right after it, no verb at its end; "finite" is an everyday word only the
    # CasADi talk writes (finite Differenzen), no name of that talk, and no summary has a state machine
    ("describe finite state machines", "The summaries don't mention *finite state machines*."),
])
async def test_the_object_of_a_request_to_explain_ends_in_no_verb(store: Store, text: str, said: str) -> None:
    assert_said_not_covered(await ask(store, text), said, text)


async def test_a_point_holding_an_asked_names_words_apart_does_not_say_it(store: Store) -> None:
    # the Qwen Image port's words only name the talk; its 000:418 holds negativen and encode_prompt apart, no negative
    # prompt, so whether the port has them is not covered, the port's points shown after
    reply = await ask(store, "does the tpu port of qwen image do negative prompts")
    assert_said_not_covered(reply, "The summaries don't mention *negative prompts*.", "negative prompts")
    assert body(reply)["hits"][0]["talk_id"].startswith("qwen-image")
