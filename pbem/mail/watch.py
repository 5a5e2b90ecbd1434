"""``pbem watch``: the inbox, run by itself each time mail arrives.

Each *pass* does what ``pbem inbox`` does — reads what is new, checks and files every
save — then answers every roll request waiting for this player and posts the answers,
moves the messages that needed nobody into a folder of their own (``--tidy``, IMAP
only), and says once, on a line and in a desktop notification, each time one of the
player's games awaits them. In a game with a deadline whose answer is late, it says so
once a day, and one waiting player's pbem mails the late player a reminder
(:mod:`pbem.mail.reminders`).

Between passes the watcher waits: with IMAP IDLE on a second connection where the server
offers it (a pass starts as soon as the server announces a message), else by looking
again every ``interval`` seconds (also for a Maildir, an mbox or a folder). A pass that
fails is one line; the next try comes after a wait that doubles with each failure. A
failure that only the settings can fix (a wrong password, port or certificate, no
password) ends the watcher with its exit code. Ctrl-C (or SIGTERM) ends it at once while
it waits, and once the pass under way is done otherwise: never in the middle of filing a
save (a second Ctrl-C does not wait).
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from pbem import answering, deadlines, lateness, nudge
from pbem.config import Config, Server
from pbem.errors import MailError, PbemError
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.mail import answers, games_status, imap, inbox, notify, picture, reminders, sources
from pbem.mail.filing import Result
from pbem.mail.idle import RENEW, Idler
from pbem.mail.network import MailSettingsError
from pbem.mail.tidy import FOLDER, Tidier

INTERVAL = 60.0
RETRY_FIRST = 10.0
RETRY_MOST = 300.0
Line = Callable[[str], None]


class Stopped(Exception):
    """Ctrl-C or SIGTERM: the watcher ends."""


@dataclass
class Settings:
    """How to watch: local sources (else the IMAP folder of the settings), how often to
    look when there is no IDLE, whether to tidy and to notify, one pass only, and whether
    tidying takes every pbem message that asks nothing of the player (not only machine
    messages)."""

    sources: list[Path] = field(default_factory=list)
    interval: float = INTERVAL
    tidy: bool = True
    tidy_folder: str = FOLDER
    notify: bool = True
    once: bool = False
    tidy_all: bool = False


def _no_progress(label: str, count: int, total: int) -> Callable[[int], None]:
    return lambda size: None


class Watcher:
    """The watcher of one player's mail: passes, and waits between them."""

    def __init__(self, me: LocalIdentity, cfg: Config, settings: Settings, out: Line,
                 err: Line, password: str | None) -> None:
        self.me = me
        self.cfg = cfg
        self.settings = settings
        self.out = out
        self.err = err
        self.server: Server | None = None if settings.sources else cfg.imap
        self.password = password or ""
        self.idler: Idler | None = None
        self.reader: imap.Folder | None = None
        self.polling = self.server is None
        self.tidier = Tidier(me.key.public, settings.tidy_folder, settings.tidy_all) \
            if settings.tidy and self.server is not None else None
        self.failures = 0
        self.lost: int | None = None  # since the IMAP connection was lost: failed passes
        self.announced: dict[str, tuple[object, ...]] = {}
        self.waiting_told: set[str] = set()
        self.answers_told: set[str] = set()
        self.late_told: set[str] = set()
        self.code = 0
        self._idle_now = False
        self._nudge_seen = ""
        self._stop_asked = False

    # ------------------------------------------------------------ the loop

    def run(self) -> int:
        """Watch until stopped (or for one pass); the exit code."""
        with self._signals():
            try:
                self.out(self._heading())
                if not self.settings.once:
                    threading.Thread(target=self._warm, daemon=True).start()
                while True:
                    self._nudge_seen = nudge.stamp()  # (a nudge during the pass: once more)
                    with nudge.silenced():  # (what the pass keeps needs no second pass)
                        ok = self._guarded_pass()
                    if self.settings.once:
                        return 0 if ok else self.code
                    self._between()
            except (Stopped, KeyboardInterrupt):
                self.out("Stopped watching.")
                return 0
            finally:
                self._drop_idler()
                self._drop_reader()

    def _warm(self) -> None:
        """Load what drawing a map needs, once, while the watcher waits for mail."""
        ledger = Ledger(self.me.key.public)
        heads = [answering.head_of(ledger, game_id)[0] for game_id in ledger.games()]
        picture.warm([save for save in heads if save is not None])

    def _heading(self) -> str:
        if self.server is None:
            names = ", ".join(str(p) for p in self.settings.sources)
            if self.settings.once:
                return f"Reading {names} once."
            return f"Watching {names}: looking every {self.settings.interval:g} s."
        where = f"{self.server.user} at {self.server.label()}, folder {self.server.folder}"
        tidy = ""
        if self.tidier is not None:
            what = ("pbem messages that ask nothing of you" if self.tidier.everything
                    else "handled messages that needed no one")
            tidy = f"; {what} go to {self.tidier.target!r}"
        return f"Watching {where}{tidy}."

    def _guarded_pass(self) -> bool:
        """One pass; False when it failed (said in one line)."""
        try:
            self._ensure_idler()
            self.one_pass()
        except MailSettingsError:
            raise
        except PbemError as exc:
            self._count_lost(exc)
            return self._failed(f"pbem: {exc.kind}: {exc.line()}", exc.exit_code)
        except (Stopped, KeyboardInterrupt):
            raise
        except Exception as exc:  # a bug in pbem must not end the watch
            return self._failed(f"pbem: internal error: {type(exc).__name__}: "
                                f"{str(exc)[:200]}", 70)
        if self.server is not None and self.cfg.smtp is not None and answers.unsent(self.me):
            self.failures += 1  # answers wait to be posted: try again soon, not at once
            return True
        self.failures = 0
        return True

    def _count_lost(self, exc: PbemError) -> None:
        """A failure to reach or keep the IMAP server counts as a lost connection."""
        if self.server is not None and isinstance(exc, MailError) \
                and str(exc.where or "").startswith("imap "):
            self.lost = (self.lost or 0) + 1

    def _say_reconnected(self) -> None:
        """Once the IMAP connection had been lost and the folder is open again: a line
        saying the watcher is connected again (before what the pass finds)."""
        if self.lost is None or self.server is None:
            return
        tries = (f" after {self.lost} failed tr{'y' if self.lost == 1 else 'ies'}"
                 if self.lost else " (the connection had been lost)")
        self.out(f"{'reconnected':<12} {self.server.user} at {self.server.label()}, folder "
                 f"{self.server.folder}: connected again{tries}")
        self.lost = None

    def _failed(self, line: str, code: int) -> bool:
        self.failures += 1
        self.code = code
        self._drop_idler()
        self._drop_reader()
        if self.settings.once:
            self.err(line)
        else:
            self.err(f"{line}; trying again in {self._retry():g} s")
        return False

    def _retry(self) -> float:
        first = min(self.settings.interval, RETRY_FIRST)
        most = max(self.settings.interval, RETRY_MOST)
        return min(first * 2 ** max(self.failures - 1, 0), most)

    def _between(self) -> None:
        """Wait for the next pass: for news by IDLE, or for the interval or the retry."""
        wait = self._retry() if self.failures else None
        if self.idler is not None:
            try:
                with self._interruptible():
                    self.idler.wait(wait if wait is not None else RENEW, self._nudged)
            except MailSettingsError:
                raise
            except PbemError as exc:
                self._count_lost(exc)
                self._failed(f"pbem: {exc.kind}: {exc.line()}", exc.exit_code)
                self._sleep(self._retry())
            return
        self._sleep(wait if wait is not None else self.settings.interval, self._nudged)

    def _nudged(self) -> bool:
        """Whether a command of this player changed the local store since the last pass."""
        return nudge.stamp() != self._nudge_seen

    def _sleep(self, seconds: float, woken: Callable[[], bool] | None = None) -> None:
        deadline = time.monotonic() + seconds
        with self._interruptible():
            while (left := deadline - time.monotonic()) > 0:
                time.sleep(min(left, nudge.CHECK_EVERY))
                if woken is not None and woken():
                    return

    # ------------------------------------------------------------ IDLE

    def _ensure_idler(self) -> None:
        """Before a pass, the connection that will hear of the next message (IDLE)."""
        if self.server is None or self.polling or self.idler is not None \
                or self.settings.once:
            return
        idler = Idler(self.server, self.password)
        if not idler.can_idle:
            idler.close()
            self.polling = True
            self.out(f"The server does not offer IDLE: looking every "
                     f"{self.settings.interval:g} s.")
            return
        self.idler = idler

    def _drop_idler(self) -> None:
        if self.idler is not None:
            self.idler.close()
            self.idler = None

    # ------------------------------------------------------------ a pass

    def _folder(self, server: Server) -> imap.Folder:
        """The connection the passes read over: kept open between passes (a pass then
        starts at once), made again when it was lost."""
        if self.reader is not None:
            try:
                self.reader.refresh()
                return self.reader
            except MailSettingsError:
                raise
            except MailError:
                self._drop_reader()
                self.lost = self.lost or 0  # made again at once; said once the pass is done
        self.reader = imap.Folder(server, self.password, readonly=self.tidier is None)
        return self.reader

    def _drop_reader(self) -> None:
        if self.reader is not None:
            self.reader.close()
            self.reader = None

    def one_pass(self) -> None:
        """Read, file, answer and post, tidy, tell what awaits the player, and remind the
        players who are late."""
        folder = None if self.server is None else self._folder(self.server)
        self._say_reconnected()
        report = inbox.run(self.me.key.public, self.settings.sources, self.server,
                           lambda: self.password, False, _no_progress, folder)
        self._tell_report(report)
        for line in answers.answer_and_post(self.me, self.cfg, settings_fatal=True):
            if line not in self.answers_told:  # an answer not sent yet is said once
                self.answers_told.add(line)
                self.out(line)
        if folder is not None and self.tidier is not None:
            self._tidy(folder, report)
        self._announce()
        for line in reminders.remind(self.me, self.cfg, deadlines.now(), self.late_told,
                                     settings_fatal=True):
            self.out(line)

    def _tell_report(self, report: inbox.Report) -> None:
        """The lines ``pbem inbox`` prints, without "Read 0 new messages" at every pass."""
        report.results = [r for r in report.results if not self._told_waiting(r)]
        report.read_before = 0  # a local source is read whole at every pass
        lines = report.lines()
        for line in lines if report.read else lines[1:]:
            self.out(line)

    def _told_waiting(self, result: Result) -> bool:
        """A save still waiting for earlier saves is said once, not at every pass."""
        if result.kind != "waiting" or result.save is None:
            return False
        if result.save.sha256 in self.waiting_told:
            return True
        self.waiting_told.add(result.save.sha256)
        return False

    def _tidy(self, folder: imap.Folder, report: inbox.Report) -> None:
        assert self.tidier is not None
        try:
            line = self.tidier.tidy(folder, report.messages)
        except MailError as exc:
            self.err(f"pbem: mail: {exc.line()}; the handled messages stay in "
                     f"{folder.server.folder}")
            return
        if line:
            self.out(line)

    def _announce(self) -> None:
        """A line (and a notification) for each game that newly awaits the player, ended
        or was stopped by a fork since the last pass."""
        for row in games_status.standings(self.me.key.public):
            if row.stopped:
                key: tuple[object, ...] = ("stopped",)
            elif row.mine:
                key = ("move", row.sequence)
            elif row.ahead:
                key = ("ahead", row.sequence)
            elif row.waits_for is None and row.path is not None:
                key = ("over",)
            else:
                key = ("waiting", row.sequence)
            before = self.announced.get(row.game_id)
            self.announced[row.game_id] = key
            if before == key:
                continue
            game = f"{row.title} {row.game_id[:8]}" + (f" ({row.dice})" if row.dice else "")
            if key[0] == "move":
                due = f" ({lateness.left(row.clock, deadlines.now())})" if row.clock else ""
                self.out(f"{'your move':<12} {game}, save {row.sequence}: {row.text}{due}  ->  "
                         f"pbem {row.command} {row.path}")
                self._notify("your move", f"{row.title} {row.game_id[:8]}: {row.text}")
            elif key[0] == "ahead":
                self.out(f"{'asked':<12} {game}, save {row.sequence}: {row.text}  ->  "
                         f"pbem {row.command} {row.path}")
                self._notify("asked", f"{row.title} {row.game_id[:8]}: you may let it go now")
            elif key[0] == "over" and before is not None:
                self.out(f"{'game over':<12} {game}, save {row.sequence}")
                self._notify("game over", f"{row.title} {row.game_id[:8]}")
            elif key[0] == "stopped":
                self.out(f"{'STOPPED':<12} {game}: a fork stopped the game (pbem ledger "
                         f"{row.game_id[:8]})")
                self._notify("game stopped", f"{row.title} {row.game_id[:8]}: a fork")

    def _notify(self, title: str, body: str) -> None:
        if self.settings.notify:
            notify.desktop(f"pbem: {title}", body)

    # ------------------------------------------------------------ stopping

    @contextmanager
    def _signals(self) -> Iterator[None]:
        """Ctrl-C and SIGTERM end the watcher: at once while it waits, else once the
        current pass is done (a second one ends it at once)."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
        for sig in saved:
            signal.signal(sig, self._on_signal)
        try:
            yield
        finally:
            for sig, handler in saved.items():
                signal.signal(sig, handler)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self._idle_now or self._stop_asked:
            raise Stopped
        self._stop_asked = True

    @contextmanager
    def _interruptible(self) -> Iterator[None]:
        if self._stop_asked:
            raise Stopped
        self._idle_now = True
        try:
            yield
        finally:
            self._idle_now = False


def check_sources(paths: list[Path]) -> None:
    """Refuse, before watching, a source that is not there or cannot be read."""
    for path in paths:
        sources.kind_of(path)
