"""The closed word classes a question is read with, in both languages: the words that frame a question, point
back, greet, carry the conversation or address the bot, and the regular expressions built from them. The parsing
that uses them is in ``handlers.questions``; the words a summary lacks are the store's to say.
"""

from __future__ import annotations

import re

from store.concepts import STOPWORDS
from store.text import tokens

# Words that frame a question in either language; on top of the store's stopwords. They are
# removed from the subject, so "wann wurde über HBM gesprochen" searches for "HBM" only.
# Spoken German's preposition and article in one word, as typed: "fürn zaun", "ausm norden"
SPOKEN_CONTRACTIONS = frozenset(
    "fürn fürs aufn aufs aufm ausm mitm mitn nachm überm übern übers unterm unters hinterm vorm vors durchs "
    "ums".split())
FRAME_WORDS = STOPWORDS | frozenset(
    """
    vlog vlogs documentary documentaries doc
    wurde wurden wird werden worden hat haben hatte hatten habe hast gab geht ging gehen kann konnen
    konnte konnten soll sollte sollten sollen muss musste mochte mochten will wollen ich du wir ihr sie
    er mir mich dir uns man jemand jemanden etwas nichts alle allen alles einen einem eines kein keine
    uber uberhaupt bei beim vom ins ans am um bis nach seit aus auf unter vor hinter neben zwischen
    gegen ohne durch fur dazu davon daruber damit dabei hier dort da denn doch mal eigentlich genau bitte
    gesprochen gesprochenen sprach spricht sprechen geredet erwahnt erwahnte erwahnung diskutiert
    besprochen behandelt vorgestellt prasentiert prasentierte gehalten hielt vorgetragen thema themen
    erklart erklare erklaren erklar beschreibe beschreiben zeige zeigen zeig nenne nennen liste
    ansehen anschauen anhoren schauen gucken lernen verstehen empfehlen empfiehlst empfohlen sehen
    schau schaue schaust schaut guck gucke guckst guckt
    welchem welchen welcher welches welche wieso weshalb wofur wozu woher womit worum wie viel viele
    vortragen vortrags vortrages vortragen vortragende vortragenden vortragender redner rednerin sprecher sprecherin
    folgenden gerade zuerst genau ungefahr grob insgesamt wirklich zusammen fasse fass beste besten bester bestes
    komm komme kommt kam kamen kommen vorkommt vorkam vorkommen sonst else mehr erfahren erfahre wissen informieren
    einstieg einsteigen passt passen thema woruber woran wobei wovon worauf worin wodurch wonach woraus
    did does do done doing was were been being get got gets someone anyone anybody somebody people
    discussed discuss discusses covered cover covers mentioned mentions talked spoke spoken gave give
    cite cites cited citing zitiert zitieren zitierte
    given gib held hold explained explains explain describes describing presenter presenters
    watch watching see learn learning understand understanding recommend recommended suggest best
    which whose whom where when why how what who used use uses using between compared compare
    difference differences versus vs summary summarize summarise summarized summarised tldr tl dr
    overview list lists give me us please could would should can will i you we one ones
    talks talk session sessions lecture lectures conference about regarding around
    really actually exactly roughly approximately basically essentially total overall work works working funktioniert
    funktionieren
    s t handeln handelt behandeln behandelt drehen dreht sich geht gehen prasentation prasentationen
    ging gings want wants wanted mochte gern gerne interessiert interested explains explained erklart covers shows
    meinst meint meinen dient dienen gedacht steht stehen name like such though come comes came coming so erzahl erzahle
    erzahlen erzahlt erzahlte pls plz erwahnen erwahnten angesprochen gebaut gemacht erstellt entwickelt gedreht
    aufgenommen geschrieben organisiert gesagt behauptet
    nochmal nochmals noch wieder schon eben halt ja einfach dann jetzt jetz nun nu nich nix kurz kurze kurzen ganz ganze
    ganzen ganzes gesamte gesamten gesamtes wieviel wieviele wievielte wievielten wievielter wievieltes
    again whole entire briefly just then up bring brings brought bringing u ur still yet already same
    irgendwo irgendwann irgendwas irgendein irgendeine irgendeinem irgendeinen irgendeiner jemals anywhere somewhere
    uberall everywhere
    ever info infos informationen word news details rolle spielt spielen spielte taucht tauchte auftauchen kennst
    kennt weisst weiss brauch brauche braucht brauchen benotigt finde finden bringt lohnt lohnen per
    rede wem gehts gibts gabs wars hats isses genauer naher ausfuhrlich ausfuhrlicher detailliert detaillierter
    details detail bedeutung
    detailed further more
    steckt stecken steckte dahinter gedauert dauert dauerte konkret konkreter praxis praktisch practice practical
    ne nen nem ner nes raus heraus rausgekommen herausgekommen need needs needed heisst heissen bedeutet bedeuten
    anyway anyways gebracht brachte help helped helps hilft half geholfen matter matters mattered
    stammt stammte stammten
    verwendet verwenden verwendete verwendeten benutzt benutzen benutzte benutzten genutzt nutzt nutzte nutzten
    eingesetzt
    go goes going went back damals hiess hiessen eingehen eingegangen gezeigt zeigt zeigte zeigten shown showed show
    inwiefern inwieweit way
    weswegen tho machen macht mache machst tun tut getan
    tun tut maximal maximum minimal minimum mindestens hochstens part teil abschnitt section bit
    worth kriegt kriegen kriege krieg bekommt bekommen bekomme rein hinein anzuschauen anzusehen anzuhoren
    andere anderen anderer anderes weitere weiteren weiterer other others another
    while whilst although unless until because wahrend obwohl solange
    through throughout across within onto upon toward towards via along together
    statt anstatt anstelle instead rather
    ihre ihren ihrem ihrer ihres sein seine seinen seinem seiner seines unsere unseren unserem meine meinen deine
    happen happens happened happening passiert passieren passierte
    etc usw nur bloss even if ob wenn ask asks asked asking beginner beginners anfanger einsteiger eig eigtl
    dat son sone sonen sonem soner ham dass hin leute leuten deal must stuff zeug kram let lets according
    moglichkeit moglichkeiten moglich possible able capable good story make makes made making
    ende endeffekt letztendlich
    hinweg bleibt bleiben blieb blieben
    """.split()  # German possessives ("ihre pipeline": their, which English's stopwords hold); spoken German's
    # "dat", "son" ("so ein"), "ham" ("haben"), "jetz", "nich", "nix" and its contractions (SPOKEN_CONTRACTIONS,
    # folded); fillers; the finite forms of the separable watch verbs, whose "an" ends the clause ("welchen vortrag
    # [schau] ich mir dazu an", as "anschauen" asks)
    # ("what do the sparse cores even do", "whats the deal with", "lets you do", "according to tunix", "quantize stuff")
    # "why does it matter" asks why it is worth it, as "wozu lohnt sich das" does: no topic of its own; "stammt" says
    # where a thing comes from as "kommt" does, never the tree's Stamm (not "stammen", which folds as "Stämmen" does)
    # "am Ende", "im Endeffekt", "letztendlich" say "finally", no topic ("wie wird der kernel am ende ausgeführt");
    # uninflected "einfach" is "just" ("warum nicht einfach …", "wenn man ihn einfach übersetzt");
    # "über … hinweg" (across) and the copula "bleiben" ("bleibt kompatibel"), which frames its adjective as "ist"
    # does; uninflected "grob" is a hedge ("ganz grob": roughly; inflected, "grobe", it is an attribute), "gedacht"
    # asks a purpose as "dient" does ("wofür ist X gedacht"); "gern(e)" only says a wish ("ich würde gern … sehen":
    # I'd like to)
) | frozenset(token for word in SPOKEN_CONTRACTIONS for token in tokens(word))

# The words that ask what something means, as the start of every inflection of them (folded): German puts its verb
# last and inflects it ("kannst du mir X erklären?", "erklärst du mir X", "was versteht man unter X"), so a frame built
# of them is never one phrase to list; calling it a term asks for its meaning too ("kennst du den Begriff X?")
MEANING_STEMS = ("erklar", "erlauter", "defin", "bedeut", "versteh", "beschreib", "begriff", "explain", "meaning",
                 "understand", "describ", "darstell")  # "was stellt X dar": the parser joins the separable verb


# Colloquial German verbs for understanding, an English loan among them ("ich check X nicht", "ich kapier X nicht"):
# in English "check" asks to verify, so only a German question reads them so; "check" as whole forms, not a stem
# ("checkpoint")
GERMAN_MEANING_STEMS = ("kapier",)
GERMAN_MEANING_WORDS = frozenset("check checke checkst checkt checken gecheckt".split())


# Words that begin like a meaning verb and say how sure or how much: "[definitely] apache licensed", "[bedeutend]
# schneller"
NOT_MEANING_STEMS = ("definitel", "definitiv", "bedeutend", "bedeutsam")


def asks_meaning(typed: list[str], language: str | None = None) -> bool:
    """Whether the folded ``typed`` words hold a word that asks what something means, in any inflection (with the
    colloquial German ones when ``language`` is German)."""
    if language == "de" and any(word in GERMAN_MEANING_WORDS or word.startswith(GERMAN_MEANING_STEMS)
                                for word in typed):
        return True
    return any(word.startswith(MEANING_STEMS) and not word.startswith(NOT_MEANING_STEMS) for word in typed)


# Nouns asking what a thing costs ("gibt es Nachteile", "der Haken an der Kollokation"): aspects like those below, and
# what makes an answer lead with a point stating a drawback (answers._drawback_first).
DOWNSIDE_NOUNS = frozenset(
    "downside downsides drawback drawbacks disadvantage disadvantages nachteil nachteile nachteilen kehrseite "
    "kehrseiten haken".split())
# Nouns that name an aspect of what a question is about, not a thing of its own: "das Fazit zu Kinetic", "die
# Nachteile von Kollokation", "what are the downsides of colocation?". A summary need not use the word to answer.
ASPECT_NOUNS = DOWNSIDE_NOUNS | frozenset(
    """
    fazit tipp tipps vorteil vorteile idee ideen ziel ziele zweck grund grunde problem probleme
    herausforderung herausforderungen ergebnis ergebnisse erkenntnis erkenntnisse lehre lehren beispiel beispiele
    empfehlung empfehlungen meinung aussage aussagen kernaussage kernaussagen botschaft hintergrund motivation
    ansatz vorgehen schritte rolle nutzen ausblick fortschritt fortschritte highlights uberblick eindruck
    upside upsides advantage advantages pros cons tip tips takeaway
    takeaways conclusion conclusions idea ideas goal goals gist lesson lessons example examples reason reasons
    benefit benefits pitfall pitfalls highlight outcome outcomes result results verdict
    opinion advice recommendation recommendations problem problems challenge challenges issue issues hurdle hurdles
    outlook roadmap future plan plans planned next steps upcoming ausblicke zukunft nachstes nachste nachsten
    purpose purposes role roles catch grundidee tradeoff tradeoffs pitch
    sorge sorgen worry worries faustregel faustregeln zeitpunkt zeitpunkte datum termin date dates
    """.split()  # "die Faustregel, wann ich SFT, DPO oder GRPO nehme": a rule of thumb is a tip, asked of its topic;
    # "auf welchen Zeitpunkt wird verwiesen", "an welchem Datum": the time asked for, which a point writes as a date
)

# Words that only say which way a number went ("wie viel schneller?", "how much bigger?"): no topic of their own.
MEASURE_WORDS = frozenset(
    "schneller langsamer faster slower quicker grosser bigger larger kleiner smaller hoher higher langer longer "
    "kurzer shorter mehr more weniger less fewer besser better schlechter worse speedup speed up beschleunigung "
    "prozent percent faktor factor mal times verbesserung improvement gain gains".split())
# Nouns of a degree no number measures: "how much control does FlyDSL give you", "wie viel Freiheit lässt es" ask to
# what extent, which a key point explains, not for a point that happens to carry a number.
DEGREE_NOUNS = frozenset(
    "control freedom flexibility influence leeway latitude autonomy insight visibility say kontrolle freiheit "
    "flexibilitat einfluss spielraum einblick".split())
# Nouns that name a measured quantity: "und der Speedup auf der H200?", "and the throughput?" ask for a number.
MEASURE_NOUNS = frozenset(
    "speedup speedups beschleunigung durchsatz throughput latenz latency latencies kompilierzeit kompilierungszeit "
    "compilezeit schrittzeit schrittzeiten laufzeit dauer duration geschwindigkeit leistungssteigerung anzahl "
    "gain gains score scores punktzahl".split())  # "what's the gain if …": how much better, as a speedup; a
# benchmark's score is the number a point gives ("Math 500-Benchmark von 25 % auf 34 %")
# Words that ask for more talks than the thread's ("any others?", "gibts noch andere?", "und noch einer?", "welche talks
# noch", "which talks else"), or point at the other things of what is spoken about ("fused with [the rest]", "der
# [rest]", "die [übrigen]"): never a thing of their own.
OTHERS = frozenset("andere anderen weitere weiteren others other another einer einen eins noch else "
                   "rest remainder ubrige ubrigen".split())
# The ordinals a question numbers a summary's points with ("the second case study", "die erste Fallstudie"), by
# place; a German one keeps the ending of the word it stands for ("der ersten" -> "der zweiten"). "erst" alone ("erst
# später") is none.
ORDINAL_RE = re.compile(r"(?<![\w-])(?:(?P<en>first|second|third|1st|2nd|3rd)"
                        r"|(?P<de>erst|zweit|dritt)(?P<end>e[nmrs]?))(?![\w-])", re.I)
ORDINAL_PLACES = {"first": 1, "second": 2, "third": 3, "1st": 1, "2nd": 2, "3rd": 3, "erst": 1, "zweit": 2, "dritt": 3}
ORDINAL_STEMS = {"en": ("first", "second", "third"), "de": ("erst", "zweit", "dritt")}
# "und die andere?", "and the other one?": the other of two, the thread's first one's second
OTHER_ONE = frozenset("andere anderen anderer anderes anderem other".split())
# Words that point back at the thread's topic instead of naming one.
PRONOUNS = frozenset(
    "it this that its thats them those these es das dies diese dieses dieser diesen diesem ihn ihm er sie daruber dazu "
    "davon darin dabei damit darauf daran darum dafur dagegen danach daraus dadurch darunter drauf dran drum "
    "druber drunter drin ding sache thing sowas soetwas dat begriff".split()  # German's da-words point back as a whole
    # ("darauf" is "on it"), also as spoken ("drauf"); "das Ding", "die Sache" ("bei der tpu datenbank sache"), "this
    # thing", "sowas" ("such a thing") and spoken "dat" name nothing; "dieses", "diese" as "dieser" does ("was macht
    # dieses emit_pipeline"); "der Begriff" alone is the term the thread is about ("woher stammt der begriff")
)

DE_MARKERS = frozenset(
    """
    was ist sind wer wie wo wann warum wieso weshalb welche welcher welches welchen welchem wurde wurden
    hat haben gibt es der die das den dem des ein eine einen und oder uber zu zum zur mit von fur im in auf
    zwischen unterschied zusammenfassung fasse zusammen vortrag vortrage vortragen gehalten gesprochen
    erklare erklar bitte mehr dazu hilfe hallo kannst du ich mir mich sollte soll welchen viele viel lange
    schnell schneller bedeutet steht wofur nicht auch noch erwahnt diskutiert worum ging geht nach
    sprecher sprecherin redner referierte thema empfiehlst passt wozu meinst dient kann dieser diese dieses dich
    etwas benutze frage funktionierst moin servus tach guten abend morgen gruss grusse gruezi zusammen leute
    kam kamen kommt vorkommt vor irgendwo irgendwann irgendwas jemand sich bringt lohnt kennst weisst infos rolle
    spielt taucht braucht sagen sagt erzahl erzahle inwiefern inwieweit danke achso
    woran worauf womit wodurch woraus worin ob
    muss musste mussten mussen konnen konnte konnten alles bei beim einem einer eines
    """.split()
)  # (German's modals and "alles", "bei": "was musste n dreher so alles können, an mathe …" is German, whatever its
# two "an"; the article's dative and genitive forms, which English never writes: "was nimmt einem kinetic an
# infrastruktur-kram ab" is German, whatever its "an")
EN_MARKERS = frozenset(
    """
    what is are who how where when why which the a an of and or to in on about for with does do did was were
    has have there talk talks presented present discussed mentioned explain difference between summary
    summarize summarise should i watch learn more help hi hello can you much many long fast faster than
    stand mean means tell me please any anyone show shows results whats who's whos speaker speakers presenter
    recommend topic overview hey howdy there good evening morning afternoon greetings thanks huh
    """.split()
)


# Frame words that end a name when a content word stands right before them: "reinforcement learning",
# "maschinelles Lernen", "linked list", "verkettete Liste" (but "for learning Pallas", "um Pallas zu lernen", "list
# the talks" only frame the question).
NAME_TAILS = frozenset({"learning", "lernen", "list", "lists", "liste"})

# English verbs that take an -ing form as their object: "avoid downloading", "keep retrying", "skip compiling". The
# -ing word after one is what is done, not the second word of a name (as it is after "early": "early stopping").
ING_COMPLEMENT_VERBS = frozenset(
    """
    avoid avoids avoided avoiding prevent prevents prevented stop stops stopped keep keeps kept start starts started
    finish finishes finished skip skips skipped quit quits risk risks mind minds consider considers considered
    suggest suggests suggested recommend recommends recommended enjoy enjoys begin begins began continue continues
    resume resumes resist resists postpone postpones delay delays allow allows permit permits save saves saved
    spare spares spared miss misses involve involves involved require requires mean means try tries tried
    """.split()
)
# English verbs whose object an -ing word follows as what the object is made to do: "did intel get [bert running]",
# "keep the jobs running", "left it idling": the -ing word is that verb's complement, no kind of the object (not
# "have", "see" or "find", whose object may be a name ending in -ing: "does tunix have early stopping")
OBJECT_ING_VERBS = frozenset("get gets got gotten getting keep keeps kept keeping leave leaves left".split())


# Words that say what kind of thing a talk is about, not which: "the Palace framework" is the talk about Palace,
# not one that happens to say "Palace-Framework" once. Dropped from a talk question's subject when a name is left.
KIND_WORDS = frozenset(
    "framework frameworks library libraries bibliothek bibliotheken tool tools toolkit werkzeug werkzeuge package "
    "packages paket pakete project projects projekt projekte software model models modell modelle modellen".split()
)


# A greeting, whom it greets, and small talk: "hey there", "hallo zusammen", "moin moin", "na, wie geht's?". Said alone
# it asks what the bot does (the help reply); before a question it is left out ("servus! wie frag ich dich was?").
_GREETINGS = (r"(?:hi|hey|heya|hiya|hello|hallo|hall[öo]chen|moin(?: moin)?|servus|huhu|yo|howdy|greetings|gr[üu]ezi"
              r"|gr[üu](?:ß|ss)(?:e|t)?(?: (?:dich|euch|gott))?|guten (?:morgen|tag|abend)"
              r"|good (?:morning|afternoon|evening|day)|morning|mornin|tach|ahoi|salut|ciao|na(?=\s*[,!]))")
_ADDRESSEES = (r"(?:there|world|all|everyone|everybody|folks|team|y'all|zusammen|leute|ihr|alle|miteinander|talkbot|bot"
               r"|du|you)")
_SMALL_TALK = (r"(?:how are you(?: doing)?|how's it going|how is it going|what's up|whats up|sup|wie geht(?:'s|s| es)?"
               r"(?: (?:dir|euch))?|was geht(?: (?:hier|so|ab))?|alles klar|alles gut"
               # whether anyone is there: "hello? anyone there?", "hallo, jemand da?"
               r"|(?:is )?any(?:one|body) (?:there|here|home|around)|(?:ist )?(?:da |hier )?jemand (?:da|hier)"
               # a newcomer says so: "hi there! i'm new", "hallo, ich bin neu"
               r"|i'?m new(?: here)?|i am new(?: here)?|new here|ich bin neu(?: hier)?|neu hier"
               # what a message that tries the bot out says: "ping", "test", "hello world"
               r"|ping|test(?:ing)?(?: 123| 1 2 3)?)")
GREETING_ONLY_RE = re.compile(
    rf"^(?:{_GREETINGS}(?:[\s,!.]+{_ADDRESSEES})*(?:[\s,!.?]+{_SMALL_TALK})?|{_SMALL_TALK})(?:[\s,]+talkbot)?"
    r"[\s!?.]*$", re.I)
GREETING_RE = re.compile(
    rf"^(?:{_GREETINGS}(?:[\s,]+{_ADDRESSEES})*|ok|okay|so|also|quick question|kurze frage)\b[,!:.]?\s+(?=\S)",
    re.I)


# Chat opens a question by saying it is one, and how small or naive it is ("qq", "quick q", "quick one", "kurze frage",
# "sorry falls dumme frage", "sorry if dumb question", "fyi"), or whom else it is for ("cc <@U123> what is PJRT?", the
# mention dropped, "cc:"): no word of what is asked
_NAIVE = r"(?:dumb|stupid|silly|naive|noob|newbie|dumme|bl[öo]de|doofe)"
_OPENERS = (r"(?:(?:sorry|sry|entschuldigung)\s*,?\s+)?(?:if|falls|wenn)\s+"
            r"(?:this\s+is\s+|it'?s\s+|das\s+(?:ist\s+)?|es\s+)?(?:a\s+|an\s+|ne\s+|eine\s+)?"
            rf"{_NAIVE}\s+(?:question|q|frage)(?:\s+ist)?"
            # "quick one: what is …": English chat says "one" for the question it is about to ask
            rf"|(?:(?:a|an|ne|eine)\s+)?(?:{_NAIVE}|quick|short|small|random|kurze|kleine|schnelle)\s+(?:question|q|frage|one)"
            r"|qq|fyi|cc")
# An opener with what the question is about or why it is asked, up to a colon: "quick q about the pallas talk: …", "qq
# re the tunix q&a: …", "fyi collecting stuff for #ml-infra: …". The words between are the asker's context.
OPENER_LEAD_RE = re.compile(rf"^(?:{_OPENERS})(?![\w'-])(?P<c>[^:?]*?)\s*:\s+(?P<q>\S.*)$", re.I | re.S)


# Words that only carry the conversation, said before a question ("wait, why?", "hmm who's the speaker", "achso, und
# wer hat das gebaut", "moment mal, warum?"): interjections, acknowledgements and hesitations, a closed class in both
# languages. Left out when punctuation, another of them or a question's first word follows, so they never become
# the topic ("The summaries don't mention *wait*") and a context-less "why?" behind them is still asked to clarify.
_DISCOURSE = (rf"(?:{_OPENERS}|wait|hold on|hang on|h+m+|huh|uh+|u+mm+|uhm+|erm|oh+|ah+|aha|ooh|wow|ok(?:ay)?|so|well"
              r"|right|alright|all right|sure|cool|nice|great|interesting|thanks|thank you|thx|got it|gotcha|i see"
              r"|yeah|yes|yep|yup|no|nope|sorry|lol|btw|also|moment(?: mal)?|warte?(?: mal)?|sekunde|h[äa]h?|[äö]h+m*"
              r"|ach(?: ?so)?"
              r"|na(?: ?ja)?|gut|alles klar|klar|super|krass|interessant|danke|ja|jo|jep|nein|nee|stimmt|echt"
              r"|verstehe|ich verstehe|[üu]brigens"
              # how briefly to answer, said first: "kurz: was macht X", "quick, what's X"
              r"|(?:ganz )?kurz(?: gefragt)?|(?:real )?quick(?:ly)?|briefly)")
OPENS_A_QUESTION = (r"(?:und|and|aber|but|oder|or|what|who|whose|where|when|why|how|which|whats|whos|hows|wheres"
                     r"|was|wer|wessen|wem|wen|wo"
                     r"|wann|warum|wieso|weshalb|wie|welche[rsnm]?|wozu|wof[üu]r|worum|wor[üu]ber|von|can|could|do|does"
                     r"|did|is|are|was|were|kannst|gibt|gibts|hat|haben|ist|sind|tell|erz[äa]hl|sag|zeig|show)")
DISCOURSE_RE = re.compile(  # "echt? warum?", "really? why?": an interjection asked back is one too
    rf"^(?:{_DISCOURSE}(?=\s*[,!.:;…—–-]|\s*\?\s*\S|\s+{_DISCOURSE}(?![\w'-])|\s+{OPENS_A_QUESTION}(?![\w-]))"
    r"[\s,!?.:;…—–-]*)+(?=\S)", re.I)


DISCOURSE_ONLY_RE = re.compile(rf"^(?:{_DISCOURSE}(?![\w'-])[\s,!.?:;…—–-]*)+$", re.I)
# What a message signs off with after its question, laughing, thanking or pleading ("what are you actually for lol",
# "recap of the Palace talk pls", "erklär das bitte"): like an emoji it says how the question is meant, no word of it
SIGN_OFF_RE = re.compile(r"(?<=\w)(?:[\s,.!?…:;-]+(?:lol|lmao|rofl|haha+|hehe+|xd|thx|thanks|thank you"
                         r"|danke(?: dir| sch[öo]n)?|pls|plz|please|bitte))+[\s!?.…]*$", re.I)


# English prepositions of several words: their noun ("top", "front", "means") is no thing asked about, it frames
# the noun after it as one preposition does ("is max_evol built on top of gemini")
PHRASAL_PREPOSITION_RE = re.compile(
    r"\b(?:on|in|by|at|for)\s+(top|front|means|terms|behalf|spite|place|favou?r|case|view|light|lieu|search"
    r"|the\s+middle)\s+of\b", re.I)


# Adverbs that only stress a question when they end it ("what's it about exactly?", "worum ging es nochmal?")
STRESS_WORDS = frozenset(
    "exactly again anyway actually really though genau nochmal eigentlich denn überhaupt uberhaupt general allgemein "
    "generell insgesamt overall".split()) | {"place", "all"}  # the last words of "in the first place", "at all"


# A question about the bot itself rather than the talks ("how do I use this bot", "what commands are there",
# "wie funktionierst du?", "was kann ich dich fragen?"): it names the bot, addresses it, or asks for its commands,
# and has no word besides these and the words that frame any question.
THE_BOT = frozenset("bot bots talkbot you your yourself u ur du dich dir dein deine euch".split())  # u, ur: as typed
# "how does this thing work?", "wie funktioniert das Ding?": the thing asked to is the bot
BOT_NOUNS = frozenset("bot bots talkbot thing ding".split())
USAGE = frozenset(
    "help hilfe helfen hilfst hilf commands command befehle befehl kommandos kommando usage anleitung instructions"
    " manual tips tipps beispielfragen beispielfrage".split())
TO_THE_BOT = frozenset(
    """
    use benutze benutzen benutzt benutzt verwende verwenden verwendet nutze nutzen nutzt bediene bedienen bedient
    ask fragen frage frag fragt stellen work function funktionierst funktioniert kannst machst bist weisst hilfst
    verstehst know knows able capable support supports unterstutzt unterstutzt features hey hi hello hallo
    capability capabilities abilities fahigkeiten
    kennst kennt question questions stelle start started starten anfangen beginnen begin
    answer answers beantworten beantwortest beantwortet antwortest good gut useful nutzlich bescheid purpose zweck
    """.split()
)
# "any examples?", "gibts beispiele?": asked where no thread has a topic, examples of what to ask the bot
EXAMPLES = frozenset("example examples beispiel beispiele sample samples".split())
# "what kind of questions work here?", "was kann man hier fragen?": where no thread has a topic, the place asked about
# is the bot's
HERE = frozenset("here hier".split())
# "kurze Einführung bitte, was geht hier?", "quick intro to what's here?": an introduction to the place asked about is
# one to the bot, where no thread has a topic
INTRODUCTION = frozenset("intro introduction einfuhrung einleitung".split())
# What the asker may ask about, named only by its kind: "what sort of things do you know about?", "what kind of stuff
# can you answer?", "was für Sachen weißt du?", "welche Themen kennst du?"
KINDS_OF_THING = frozenset(
    "thing things stuff sort sorts kind kinds type types topic topics subject subjects area areas sache sachen ding "
    "dinge zeug art arten themen bereiche".split())
# "how do I talk to you?", "wie rede ich mit dir?": verbs of speaking, with "to"/"with"/"mit" right before the bot
SPEAKING = frozenset(
    "talk talking speak speaking chat chatting communicate interact reden rede redet sprechen spreche sprich quatschen "
    "quatsche chatten chatte kommunizieren kommuniziere interagieren".split())
SPOKEN_WITH = frozenset("to with mit".split())
# "what can I ask?", "wie stelle ich eine Frage?", "how do I get started?": the asker's own use of the bot
ASKER = frozenset("i ich we wir man".split())
ASKING = frozenset(
    "ask fragen frage frag stelle stellen use benutze benutzen nutze nutzen verwende verwenden start started starten "
    "anfangen beginnen begin".split())
# "can you explain?", "what do you mean?" ask about the last answer (or what it is about), not about the bot
ASKS_WHY = frozenset("why warum wieso weshalb explain erklaren erklare erklar mean meinst meint detail details "
                      "detailed elaborate genauer naher ausfuhrlich ausfuhrlicher".split())
# Words that ask for a reason, a cause or a purpose as a why does: "wozu soll das gut sein", "wodurch kommt das",
# "woher kommt das", "was steckt dahinter", "what's behind that", "what caused that", "what's the point of that",
# "der Sinn davon"
ASKS_FOR_A_REASON = ASKS_WHY | frozenset(
    "weswegen wozu wofur wodurch woher dahinter grund grunde sinn zweck reason reasons cause causes caused causing "
    "point purpose behind reasoning rationale begrundung".split())  # "the reasoning behind that"
# The why-words a typed slip of is read as the word itself ("wiso", "waurm", "wehsalb"): long and distinctive enough
# that a slip of one is rarely another word (the slips that are everyday words, "warm", are left as they are)
WHY_WORDS = ("warum", "wieso", "weshalb", "weswegen")


# German "etwas drauf haben" is "können": "zeig mal, was du drauf hast", "was hat der bot so drauf?" ask what the bot
# can do; its "drauf" points at nothing, whom it is asked of (``who``, "was hast du drauf") stays
ABILITY_IDIOM_RE = re.compile(
    r"\bdrauf\s+(?:hast|habt|haben|hat)\b"
    r"|\b(?:hast|habt|hat)\s+(?P<who>du|ihr|der bot)(?:\s+(?:so|alles|denn|eigentlich))*\s+drauf\b", re.I)

# Question words as chat spells them: "wat can u do", "wut is xla"
CHAT_SPELLINGS = {"wat": "what", "wut": "what"}


# An English question whose verb comes after its subject: "how do sparse cores help with joins?" (a pronoun for
# its subject asks about the object instead: "which talk should I watch to learn about beam search?")
SUBJECT_PRONOUNS = frozenset("i we you they he she one anyone someone people".split())
# Adverbs English puts between a subject and its verb: "can i [already] grab jaxator", "did they [actually] try …"
MID_ADVERBS = frozenset("already actually really just still also even ever never always only first then now usually "
                        "basically simply finally eventually".split())
# Pronouns an English verb or preposition takes as its object: "who's behind [it]", "did they test [them]"
OBJECT_PRONOUNS = frozenset("it them him her me us this that".split())
# Words whose 's is "is", not a possessive: "who's behind it", "what's in it", "it's"
IS_CONTRACTED = frozenset("who what where when how why which it that there here he she".split())
NOT_BEFORE_A_PRONOUN = rf"(?! (?:{'|'.join(sorted(SUBJECT_PRONOUNS))})\b)"
DO_AUXILIARY_RE = re.compile(rf"\b(?:do|does|did|can|could|will|would|should)\b{NOT_BEFORE_A_PRONOUN}", re.I)
DETERMINERS = frozenset("the a an this that these those".split())
# English prepositions that place what is asked in a setting, a time or a place: "why no heavy machinery [at] the
# treehouse build", "what broke [during] the bee vlog", "how did he keep the groundwater [out of] the hives"
PLACING_PREPOSITIONS = ("at", "in", "during", "inside", "within", "out of")
_PLACING = "|".join(preposition.replace(" ", r"\s+") for preposition in PLACING_PREPOSITIONS)
_DETERMINING = "|".join(sorted(DETERMINERS))
# The setting an English question ends in: its last placing preposition (the greedy start finds it), perhaps an
# article, then the words to the end
SETTING_RE = re.compile(rf"^.*\b(?:{_PLACING})\s+(?:(?:{_DETERMINING})\s+)?(?P<setting>[^\W\d_][^?!.,;:]*?)[\s?!.]*$",
                        re.I | re.S)


def setting_of(text: str) -> str:
    """The words an English question's last placing phrase holds, to its end ("treehouse build" of "why no heavy
    machinery at the treehouse build"); "" when it ends in none."""
    found = SETTING_RE.match(text)
    return found.group("setting") if found else ""


# A time an English question ends in, named by what arrived then: "how did the machinist's job change [once cnc came
# in]", "… [after the microprocessor arrived]": the era of that thing, a setting as "in the cnc era" is ("when cnc
# arrived" asks about the arrival itself, which its own point tells)
ARRIVAL_RE = re.compile(rf"\b(?:once|after|since)\s+(?:(?:{_DETERMINING})\s+)?(?P<setting>[^\W\d_][\w-]*"
                        r"(?:\s+[\w-]+){0,2}?)\s+(?:came\s+(?:in|along|up)|arrived|took\s+over|showed\s+up"
                        r"|(?:was|were|got)\s+introduced)[\s?!.]*$", re.I)


def arrival_of(text: str) -> str:
    """The thing whose arrival an English question's last clause dates it by ("cnc" of "… once cnc came in"); ""
    when it ends in none."""
    found = ARRIVAL_RE.search(text)
    return found.group("setting") if found else ""


# English prepositions, which open the phrase of the noun after them: no word of a name before it ("the helper
# [inside] pl.kernel", "their roadmap [after] that")
ENGLISH_PREPOSITIONS = frozenset(
    "about against on with without for from into of over under via after before inside outside behind beneath "
    "beside beyond during within through throughout toward towards across around among until upon underneath".split())
ENGLISH_ARTICLES = frozenset("the a an".split())
# The forms of "come", whose particle "out" makes one verb with it: "come out (of)" says where something is from or
# when it was released ("which talks come out of universities", "when did stablehlo come out"), no thing asked about
COME_FORMS = frozenset("come comes came coming".split())
# The forms of "fit", which with "together" asks how things relate ("how xla's compiler and its irs fit together"), as
# German's "wie passen X und Y zusammen" does (whose "passen" frames too): no thing asked about
FIT_FORMS = frozenset("fit fits fitting".split())
# The forms of German "fallen", which with a naming noun says a name comes up ("in welchen Talks fällt der Name
# Triton", "wo fiel das Stichwort X"), as "kommt … vor" does: no topic then (else "fällt" may be one: a loss that falls)
FALL_FORMS = frozenset("fällt fiel fielen fallen gefallen".split())
NAMING_NOUNS = frozenset("name namen begriff stichwort wort".split())
# The forms of "end", which with "up" says where or how a thing arrives ("where do filters end up on the tpu", "how
# does a trained model end up inside casadi"): no end (Ende) asked about, as in "Front-End" or "End-to-End"
END_FORMS = frozenset("end ends ended ending".split())
ARTICLES = ENGLISH_ARTICLES | frozenset("up down out off away".split())  # and the particles of English phrasal verbs
# German finite verbs that start a yes/no question and do not end in -t ("kann man …", "gab es …")
# (with spoken German's "ham" for haben: "ham die maschinisten … gestreikt", and "is" for ist: "is das baumhaus …")
GERMAN_AUXILIARIES = frozenset(
    "kann konnen konnte wird werden wurde wurden is sind war waren gab gabs muss soll haben ham".split())
# German modal verbs: the infinitive they govern ends the question ("muss man fusionen bei flydsl selber anstoßen")
GERMAN_MODALS = frozenset(
    "kann konnen konnte konnten muss mussen musste mussten soll sollen sollte sollten darf durfen durfte durften "
    "will wollen wollte wollten mochte mochten".split())
# German subordinating conjunctions (folded): a clause of its own starts with one, so the word before it ends the
# main clause, where German puts its verb ("kann ich den laptop zuklappen, [während] der job läuft")
GERMAN_SUBORDINATORS = frozenset("wahrend wenn weil dass ob bevor nachdem sobald solange falls obwohl damit".split())
# English's words opening a clause of its own after a verb ("… fail [if] the model is small")
ENGLISH_SUBORDINATORS = frozenset("when whenever if unless because since while although though once".split())
# German's conjunctions, which join a question's clauses and say nothing a key point is about ("was checkt max_evol
# [bevor] n kernel [als] ok gilt"); "und", "oder" are stop words
GERMAN_CONJUNCTIONS = GERMAN_SUBORDINATORS | frozenset("als aber sondern".split())
# Cardinal numbers written as words: they count what follows ("the two trees"), they name no kind of it
NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve twenty hundred thousand dozen "
    "zwei drei vier funf sechs sieben acht neun zehn elf zwolf zwanzig hundert tausend".split())
# Ordinals written as words: they say which one of what follows ("the second case study"), no kind of it either
ORDINAL_WORDS = frozenset(
    "first second third fourth fifth sixth erste ersten erster zweite zweiten zweiter dritte dritten dritter "
    "vierte vierten funfte funften".split())
# Words that say which one of a thing in time or order, or that it is the plain one, as an ordinal does: "the
# [early] prototype", "die [alte] Version", "[plain] filters" are the prototype, the version, filters, no kind of them
WHICH_ONE_WORDS = ORDINAL_WORDS | frozenset(
    "early earlier earliest late later latest new newer newest old older oldest original initial previous prior "
    "current recent final former next last plain normal regular ordinary standard "
    "normale normalen normaler gewohnliche gewohnlichen gewohnlicher herkommliche herkommlichen herkommlicher "
    "fruh fruhe fruhen fruher fruheren neu neue neuen neuer neueren alt alte alten alter alteren ursprunglich "
    "ursprungliche ursprunglichen vorherige vorherigen aktuelle aktuellen letzte letzten nachste nachsten "
    # the thing proper, not a stand-in for it: "a [real] bathroom" is a bathroom, "ein [echtes] Bad" too
    "real actual proper richtige richtigen richtiger richtiges echte echten echter echtes "
    # how big it is, said in passing by a lay word: "a [little] shuttle" is the shuttle
    "little tiny "
    # each one of them, taken one by one: "the [individual] cores" are the cores, "die [einzelnen] Kerne" too
    "individual respective einzelne einzelnen einzelner jeweilige jeweiligen "
    # the chief one of several: "the [main] beech" is the beech (a name the word list has keeps it: "main memory")
    "main primary principal".split())
# German's articles, spoken German's short ones too ("ne kamera", "n befehl"): what stands between a noun and the
# word before it that governs it
GERMAN_ARTICLES = frozenset("ein eine einen einem einer eines ne nen nem ner n der die das den dem des".split())
# German's question words that ask which one of the noun after them
GERMAN_WHICH = frozenset("welche welcher welches welchen welchem".split())
GERMAN_QUESTION_WORDS = frozenset("wie warum wieso weshalb was wann wo wer welche welcher welches welchen welchem "
                                   "wozu wofur womit".split())
# the question words of both languages
QUESTION_WORDS = GERMAN_QUESTION_WORDS | frozenset("why what how who when where which".split())
# What a number question asks of its number besides the thing measured: the kind of the thing counted ("how many
# kinds of math ops", "wie viele Sorten von Operationen") and the end of a range ("der kleinste Speedup", "the
# highest speed-up"). The summaries say "Matvec, Matmul, eigh" and "2x bis zu 17x", not the word.
# The words for the kinds of a thing: "how many kinds of workers" counts kinds, which a list of them answers
COUNTED_KINDS = frozenset("kind kinds sort sorts type types variety varieties art arten sorte sorten typ typen".split())
QUANTITY_FRAME_WORDS = COUNTED_KINDS | frozenset(
    "smallest lowest least biggest largest highest greatest kleinste kleinsten kleinster kleinstes niedrigste "
    "niedrigsten niedrigster geringste geringsten geringster grosste grossten grosster grosstes hochste hochsten "
    "hochster hochstes "
    # "which tpu version": the version is the number asked for, of the name before it
    "version versions generation generations generationen gens count counts "
    # "um wie viel fach schneller" (wievielfach): the multiplier asked for, as "how many times" asks it
    "fach fache fachen "
    # "the rough op count", "die ungefähre Zahl": a hedge on the number, no thing it counts
    "rough approximate estimated ungefahre ungefahren ungefahrer "
    # "what hourly wage", "der monatliche Preis": the time the amount is per, which the summaries write with the
    # number ("$9.51/h", "pro Monat")
    "hourly monthly yearly annual stundlich stundliche stundlichen monatlich monatliche monatlichen jahrlich "
    "jahrliche jahrlichen".split())
# The verbs a question of how long something took asks with ("how long did that take?", "how long did the run last"):
# they frame the question as German's "dauern" (a frame word) does, no topic of their own; only in a question of time
# ("what does it take to scale" asks something else)
DURATION_VERBS = frozenset("take takes took taken taking last lasts lasted lasting dauert dauern dauerte dauerten "
                           "gedauert braucht brauchen brauchte brauchten gebraucht".split())
# People a number question counts ("how many speakers", "wie viele Leute halten …"), whom a key point counts by
# naming them ("Kevin Gleason und Peter Gavin")
PEOPLE_NOUNS = frozenset(
    "people ppl persons speakers presenters folks guys leute leuten personen sprecher sprecherinnen redner rednerinnen "
    "vortragende vortragenden referenten referentinnen".split())  # "ppl": people as chat writes it
# Nouns for the people who give a talk, or their group, after the talk's own name: "the Michigan group", "the Tinix
# folks", "the Intel lady", "the beehive vlogger" are that talk's speakers, whatever its summary calls them
WHO_NOUNS = PEOPLE_NOUNS | frozenset(
    "guy guys lady ladies woman women man men person dude dudes team teams group groups lab labs crew researchers "
    "engineer engineers gruppe gruppen forscher forscherin forscherinnen typ typen frau mann "
    "vlogger vloggers vloggerin".split())
# The question words that ask for a person: in a thread about a talk, its speakers
WHO_WORDS = frozenset("who whom wer wen wem".split())
# What a number question counts comes right after these ("how many [times slower]", "wie viele [Token pro …]")
COUNTING = frozenset("many much viel viele wieviel wieviele".split())
LINKS = frozenset("of von".split())  # "Mixture of Experts Inferenz": the words after "of" end a longer name


# What a German yes/no question does not start with: a question word, a preposition, an article or a
# conjunction (its first word is its verb: "läuft Kinetic auch mit Terraform?")
NOT_A_GERMAN_VERB = GERMAN_QUESTION_WORDS | frozenset(
    "wieso weshalb woher wohin worum woran wodurch wer wo und oder aber also auch mit von zu zum zur bei beim fur uber "
    "in im an am auf aus nach vor um der die das den dem des ein eine einen einem einer eines".split())


# Units a question may name, with the ways the summaries write them: "how many degrees" wants "285 Grad"
UNITS = {
    "degrees": "grad", "grad": "grad", "meters": "meter", "metres": "meter", "meter": "meter", "metern": "meter",
    "centimeters": "cm", "zentimeter": "cm", "cm": "cm", "millimeters": "mm", "millimeter": "mm", "tons": "tonne",
    "tonnen": "tonne", "kilograms": "kg", "kilo": "kg", "kg": "kg", "hours": "stunde", "stunden": "stunde",
    "minutes": "minute", "minuten": "minute", "seconds": "sekunde", "sekunden": "sekunde", "years": "jahr",
    "jahre": "jahr", "months": "monat", "monate": "monat", "gb": "gb", "gigabytes": "gb",
}
# "how many billion params": what a number is counted in, which the summaries write as "35B" or "60 Millionen"
UNIT_WORDS = frozenset({"percent", "prozent", "times", "mal", "faster", "schneller", "more", "mehr", "billion",
                        "billions", "million", "millions", "milliarden", "millionen"})


# The particles of German separable verbs, which a main clause puts last ("wie richte ich Kinetic ein", "wie setzt man
# das auf", "was hat das Team als Nächstes vor", "wie stellt XLA Schleifen dar"); the infinitives of the irregular
# verbs they go with are store.concepts.IRREGULAR_INFINITIVES
SEPARABLE_PARTICLES = frozenset("ab an auf aus dar ein fest los nach vor weg zuruck um".split())
# Programming keywords, and the German nouns for the constructs they open ("If-Abfrage", "For-Schleife", "Else-Zweig"):
# typed apart, the keyword is part of the noun, no English conjunction (handlers.questions)
CODE_KEYWORDS = ("if", "else", "elif", "while", "for", "switch", "try", "catch")
# the German and English nouns of a keyword's construct; before one, English "while" or "if" is no conjunction
# ("how does hlo represent ifs and while loops": the While construct)
CODE_CONSTRUCT_NOUNS = ("abfrage", "anweisung", "bedingung", "schleife", "zweig", "block", "loop", "statement",
                        "clause")
# German's coordinating "and"/"or": a particle after one is half of an adverb pair ("vor und zurück", "auf und ab")
GERMAN_JOINING_WORDS = frozenset("und oder".split())
