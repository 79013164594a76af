"""Shared parts of slack_load.py and soak.py: processes, the request mix, and matching answers to requests.

Everything runs on loopback: the fake Slack Web API (tests/fakes/slack_api.py) and the app under test
(`talkbot serve --http` or bench/bare_app.py) are child processes; requests are signed exactly as Slack
signs them (tests/fakes/slack_requests.py). Every child is stopped with SIGTERM (then SIGKILL) by pid.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fakes.slack_requests import DEFAULT_SIGNING_SECRET, app_mention, new_event_id, new_ts, slash_command  # noqa: E402

BOT_TOKEN = "xoxb-bench"
PYTHON = sys.executable

# The fixed request mix: (kind, command or None, text). Hits, typos and misses for /define and /talk;
# mentions that define, find talks, or ask free questions (answered with key points).
MIX: list[tuple[str, str | None, str]] = (
    [("command", "/define", t) for t in ("XLA", "HBM", "PJRT", "TPU", "JAX", "StableHLO", "MoE", "GRPO", "Sharding",
                                        "RDMA", "All-Gather", "BF16", "Pallas", "vLLM", "KV-Cache", "SPMD")]
    + [("command", "/define", t) for t in ("XLAA", "Palace", "Stabel HLO", "shardign", "flash atention", "PJTR",
                                        "bflaot16", "roofline modle")]
    + [("command", "/define", t) for t in ("blorft wizzle", "qqqqqq", "xyzzy plugh", "<!channel> nichts")]
    + [("command", "/talk", t) for t in ("pallas", "kinetic", "tunix", "xla crash course", "jax quantum", "baumhaus",
                                      "sharding diffusion", "reinforcement learning", "oneAPI", "vLLM")]
    + [("command", "/talk", t) for t in ("kinetik", "tinix", "Palace kernels", "quantm simulation", "flydsl amd")]
    + [("command", "/talk", t) for t in ("snarp blorft", "zzzz", "lorem ipsum dolor")]
    + [("mention", None, t) for t in ("what is PJRT?", "define XLA", "who presented kinetic", "talk pallas",
                                      "how does sharding work for diffusion models", "what is the memory hierarchy of a TPU?",
                                      "memory bandwidth bottleneck", "was ist HBM?", "reinforcement learning on TPUs",
                                      "what did they say about wood protection?", "blorft wizzle snarp",
                                      "what is speculative decoding", "agents that write kernels", "what is XLAA?")]
)


def request_mix(count: int, seed: int = 7) -> list[tuple[str, str | None, str]]:
    """``count`` requests drawn from MIX in a seeded order (the same for every level and both apps)."""
    rng = random.Random(seed)
    out: list[tuple[str, str | None, str]] = []
    while len(out) < count:
        block = list(MIX)
        rng.shuffle(block)
        out.extend(block)
    return out[:count]


@dataclass
class Pending:
    """One request: how it is recognised when its answer reaches the fake, and its timings."""

    key: str  # response_url name, or "ts:<ts>" of the mention
    body: bytes
    headers: dict[str, str]
    kind: str
    sent_wall: float = 0.0
    ack_ms: float | None = None
    status: int | None = None
    error: str | None = None
    answered_wall: float | None = None
    answer_ok: bool | None = None
    answered: asyncio.Event | None = None  # set when the answer is seen (answer-paced load)
    in_ack: bool = False  # the answer came as the body of the HTTP acknowledgement


def build_request(index: int, tag: str, item: tuple[str, str | None, str], fake_root: str) -> Pending:
    kind, command, text = item
    if kind == "command":
        name = f"{tag}-{index}"
        body, headers = slash_command(command, text, response_url=f"{fake_root}/response/{name}",
                                      signing_secret=DEFAULT_SIGNING_SECRET, channel_id="CLOAD")
        return Pending(name, body, headers, command)
    ts = new_ts()
    body, headers = app_mention(text, ts=ts, channel="CMENTION", event_id=new_event_id(),
                                signing_secret=DEFAULT_SIGNING_SECRET)
    return Pending(f"ts:{ts}", body, headers, "mention")


# ---------------------------------------------------------------------------- processes


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Child:
    name: str
    proc: subprocess.Popen
    url: str
    log: Path
    tmp: Path | None = None
    extra: dict = field(default_factory=dict)

    @property
    def pid(self) -> int:
        return self.proc.pid


def start_fake(workdir: Path) -> Child:
    log = workdir / "fake.log"
    proc = subprocess.Popen([PYTHON, "-m", "tests.fakes.slack_api", "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=log.open("w"), text=True)
    line = proc.stdout.readline().strip()  # the base URL, printed once it listens
    if not line.startswith("http://127.0.0.1"):
        stop(Child("fake", proc, "", log))
        raise SystemExit(f"fake Slack API did not start: {line!r}; see {log}")
    return Child("fake", proc, line.removesuffix("/api/").rstrip("/"), log)


def start_app(kind: str, workdir: Path, fake_url: str, *, corpus: Path, db: Path | None,
              log_level: str, port: int | None = None, profile: Path | None = None,
              result_cache: int | None = None, profile_clock: str = "wall") -> Child:
    """``kind`` "talkbot" (the real `talkbot serve --http`) or "bare" (bench/bare_app.py).

    ``profile_clock`` "cpu" times the profile with the main thread's CPU clock (``time.thread_time``):
    idle waits cost nothing and the database threads are not in it, so its total is the event loop's
    CPU; "wall" is cProfile's default (waits included).
    """
    port = port or free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "TALKBOT_"))}
    env.update({"SLACK_BOT_TOKEN": BOT_TOKEN, "SLACK_SIGNING_SECRET": DEFAULT_SIGNING_SECRET,
                "SLACK_API_URL": fake_url + "/api/", "TALKBOT_CORPUS": str(corpus), "TALKBOT_LOG_LEVEL": log_level})
    if result_cache is not None:  # None: the app's default
        env["TALKBOT_RESULT_CACHE"] = str(result_cache)
    home = workdir / f"{kind}-{port}"
    home.mkdir(parents=True, exist_ok=True)
    if db is not None:
        target = home / "talkbot.db"
        shutil.copyfile(db, target)
        env["TALKBOT_DB"] = str(target)
    else:
        env["TALKBOT_DB"] = str(home / "talkbot.db")  # first start ingests TALKBOT_CORPUS
    if kind == "talkbot":
        # What .venv/bin/talkbot runs (bot.cli:main), but from the tree this script belongs to, so a scratch
        # copy of the repo measures its own code rather than the installed one.
        entry = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from bot.cli import main; main()"
        argv = [PYTHON, "-c", entry, "serve", "--http", "--host", "127.0.0.1", "--port", str(port)]
        if profile and profile_clock == "cpu":  # imports are not profiled; written at exit (SIGTERM)
            entry = (f"import atexit, cProfile, sys, time; sys.path.insert(0, {str(ROOT)!r}); "
                     "from bot.cli import main; p = cProfile.Profile(time.thread_time); "
                     f"atexit.register(lambda: (p.disable(), p.dump_stats({str(profile)!r}))); p.enable(); main()")
            argv[2] = entry
        elif profile:  # cProfile of the whole server process, written when it exits on SIGTERM
            env["PYTHONPATH"] = str(ROOT)  # cProfile runs a module, not `-c`: the same tree via the path
            argv = [PYTHON, "-m", "cProfile", "-o", str(profile), "-m", "bot", *argv[3:]]
    else:
        argv = [PYTHON, str(ROOT / "bench" / "bare_app.py"), "--port", str(port)]
    log = home / "server.log"
    proc = subprocess.Popen(argv, cwd=home, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    return Child(kind, proc, f"http://127.0.0.1:{port}", log, home)


async def wait_ready(session: aiohttp.ClientSession, child: Child, timeout: float = 600) -> float:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if child.proc.poll() is not None:
            raise SystemExit(f"{child.name} exited with {child.proc.returncode}; see {child.log}:\n"
                             + child.log.read_text()[-2000:])
        try:
            async with session.get(child.url + "/healthz", timeout=aiohttp.ClientTimeout(total=2)) as res:
                if res.status == 200:
                    return time.monotonic() - started
        except (aiohttp.ClientError, asyncio.TimeoutError):
            pass
        await asyncio.sleep(0.1)
    raise SystemExit(f"{child.name} not ready after {timeout} s; see {child.log}")


def stop(child: Child, timeout: float = 15) -> int | None:
    if child.proc.poll() is None:
        child.proc.send_signal(signal.SIGTERM)
        try:
            child.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            child.proc.kill()
            child.proc.wait(5)
    return child.proc.returncode


def check_alive(*children: Child) -> None:
    """Stop the run with a clear message if a child process died (on a shared machine something may kill it)."""
    for child in children:
        code = child.proc.poll()
        if code is not None:
            raise SystemExit(f"{child.name} (pid {child.pid}) exited with code {code} during the run; "
                             f"results are invalid. See {child.log}")


def _cpu_seconds(stat: Path) -> float:
    """User + system CPU seconds from a /proc stat file (a process's or one thread's)."""
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_status(pid: int) -> dict[str, float]:
    """VmRSS / VmHWM in MB, open fds and CPU seconds of a child (all threads, and its main thread), from /proc."""
    out: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(("VmRSS:", "VmHWM:")):
                out[line.split(":")[0]] = int(line.split()[1]) / 1024
        out["fds"] = len(os.listdir(f"/proc/{pid}/fd"))
        out["cpu_s"] = _cpu_seconds(Path(f"/proc/{pid}/stat"))
        # The event loop's thread (the process's first one) apart from the database threads (aiosqlite).
        out["cpu_main_s"] = _cpu_seconds(Path(f"/proc/{pid}/task/{pid}/stat"))
    except (OSError, ValueError, IndexError):
        pass
    return out


def fd_targets(pid: int) -> list[str]:
    """What each open fd of a process points at ("socket:[...]" collapsed to "socket")."""
    out = []
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            out.append(target.split(":[")[0] if target.startswith(("socket:", "pipe:", "anon_inode:")) else target)
    except OSError:
        pass
    return sorted(out)


# ---------------------------------------------------------------------------- answers


class AnswerWatcher:
    """Polls the fake's GET /_calls?since=N and stamps each pending request with its answer's arrival time."""

    def __init__(self, session: aiohttp.ClientSession, fake: Child, interval: float = 0.05) -> None:
        self.session = session
        self.fake = fake
        self.interval = interval
        self.since = 0
        self.pending: dict[str, Pending] = {}
        self.unmatched = 0
        self.bad_calls = 0
        self._lock = asyncio.Lock()  # one poll at a time, or two would read the same slice and skip the next

    async def reset(self) -> None:
        async with self.session.post(self.fake.url + "/_reset") as res:
            await res.read()
        self.since = 0
        self.pending.clear()

    def expect(self, request: Pending) -> None:
        self.pending[request.key] = request

    async def poll(self) -> int:
        async with self._lock:
            return await self._poll()

    async def _poll(self) -> int:
        async with self.session.get(self.fake.url + "/_calls", params={"since": str(self.since)}) as res:
            data = await res.json()
        calls = data["calls"]
        self.since += len(calls)
        for call in calls:
            if call["method"] == "response_url":
                key = call.get("response_name")
            elif call["method"] == "chat.postMessage":
                key = f"ts:{call['params'].get('thread_ts')}"
            else:
                key = None
            request = self.pending.get(key) if key else None
            if request is None:
                self.unmatched += 1
                continue
            if request.answered_wall is None:
                request.answered_wall = call["time"]
                if request.answered is not None:
                    request.answered.set()
                text = json.dumps(call["params"], ensure_ascii=False)
                request.answer_ok = call["outcome"] == "ok" and "something went wrong" not in text
                if not request.answer_ok:
                    self.bad_calls += 1
        return len(calls)

    async def run_until(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await self.poll()
            try:
                await asyncio.wait_for(stop.wait(), self.interval)
            except asyncio.TimeoutError:
                pass
        await self.poll()

    async def drain(self, requests: list[Pending], deadline_s: float) -> None:
        """Poll until every request that was acked has its answer, or until the deadline."""
        end = time.monotonic() + deadline_s
        while time.monotonic() < end:
            await self.poll()
            if all(r.answered_wall is not None for r in requests if r.status == 200):
                return
            await asyncio.sleep(self.interval)


def answered_in_ack(request: Pending, body: bytes) -> None:
    """A slash command answered in the body of its acknowledgement (Slack shows it at once)."""
    try:
        message = json.loads(body)
    except ValueError:
        return
    if not isinstance(message, dict) or not (message.get("text") or message.get("blocks")):
        return
    request.answered_wall = time.time()
    request.in_ack = True
    request.answer_ok = "something went wrong" not in json.dumps(message, ensure_ascii=False)
    if request.answered is not None:
        request.answered.set()


async def send(session: aiohttp.ClientSession, url: str, request: Pending, timeout: float = 10) -> None:
    request.sent_wall = time.time()
    started = time.perf_counter()
    try:
        async with session.post(url, data=request.body, headers=request.headers,
                                timeout=aiohttp.ClientTimeout(total=timeout)) as res:
            body = await res.read()
            request.status = res.status
            if res.status != 200:
                request.error = f"http {res.status}"
            elif body and request.kind != "mention":
                answered_in_ack(request, body)
    except (aiohttp.ClientError, asyncio.TimeoutError) as error:
        request.error = type(error).__name__
    request.ack_ms = (time.perf_counter() - started) * 1000


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def machine() -> str:
    return f"nproc={os.cpu_count()} python={sys.version.split()[0]}"


def code_version() -> str:
    """The commit measured, "+dirty" when store/, bot/ or handlers/ differ from it (others edit the tree)."""
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                             check=False).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "store", "bot", "handlers"], cwd=ROOT,
                               capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return "unknown"
    return (rev or "unknown") + ("+dirty" if dirty else "")


def loadavg() -> str:
    """/proc/loadavg's 1/5/15-minute figures: the machine is shared, so say how busy it was."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"
