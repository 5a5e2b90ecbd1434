"""The words of a message that carries a save: first what each recipient may do now (with
the exact command; only a game with table dice says so before it), then the key results,
the notice about the game's data, everything that happened, the position, and what is
attached. An invitation also says what pbem is and how to install it, after what to do."""

from __future__ import annotations

from pbem import chain, deadlines, gameplay, lateness
from pbem.engine import GameModule
from pbem.hidden_cards import model as hidden_model
from pbem.mail import requests
from pbem.mail.printable import printable
from pbem.mail.story import Story
from pbem.savefile import DICE_WORDS, SUFFIX, SaveFile, file_name

TABLE_DICE_LINE = ("TABLE DICE: the players type this game's dice as rolled at a table; "
                   "pbem does not roll them and cannot check them.")
UNATTENDED = ("Nothing to do if pbem watch runs; otherwise run  pbem inbox  (it files the "
              "attached save and answers).")
COPY = ("Everyone else: nothing to do; your pbem files this copy (pbem watch does it as "
        "it comes, or run  pbem inbox).")

WHAT_PBEM_IS = """\
What pbem is
------------
pbem adjudicates board wargames played by e-mail or by passing files. Each player's own
pbem checks every move against the rules, signs each save with its player's key, rolls
dice that no player can choose or foresee, and keeps each player's hidden cards from the
others. There is no server and nobody to trust: the saves travel as attachments of
messages like this one, and anyone can re-check a whole game from its first save."""

INSTALL = """\
Installing pbem (once)
----------------------
pbem needs Python 3.11 or later. It is not in a package index: get a copy of its source
(a git clone or an archive of the repository) and, in that folder, run

    scripts/play

It makes a virtual environment in .venv, installs pbem into it and starts a demo game
in the terminal (quit it with q); from then on your pbem is  .venv/bin/pbem . pip
fetches the libraries pbem uses once; on a machine without network access, install
from a folder of their wheels instead:

    python3 -m venv .venv
    .venv/bin/python -m pip install --no-index --find-links WHEELS -e .

Then set up your mail once (your address, servers and the other players' addresses):
docs/email.md in the repository, "Setting up, once"."""


def attachment(save: SaveFile) -> str:
    return file_name(save.game_id, save.sequence, save.writer)


def _name(save: SaveFile, role: str) -> str:
    return printable(str(save.player(role)["name"]), 64)


def who(save: SaveFile, module: GameModule, role: str) -> str:
    return f"{_name(save, role)} ({printable(module.role_label(role))})"


def _hidden_cards(save: SaveFile) -> bool:
    return hidden_model.of(save.state) is not None


def _result(save: SaveFile, module: GameModule) -> str | None:
    outcome = gameplay.outcome(module, save.state)
    if not outcome:
        return None
    return "Result: " + printable(", ".join(f"{k}: {v}" for k, v in outcome.items()))


def _play_commands(save: SaveFile, command: str) -> list[str]:
    name = attachment(save)
    return [f"  With pbem watch running, it has filed this save and printed the command "
            f"(pbem {command} PATH).",
            f"  Otherwise run  pbem inbox : it checks and files the attached save and prints  "
            f"pbem {command} PATH  with its place on your machine.",
            f"  Or save the attachment and run:  pbem {command} {name}"]


def _sentence(text: str) -> str:
    """``text`` ending as a sentence does (once)."""
    return text if text.endswith((".", "?", "!")) else text + "."


def next_steps(save: SaveFile, module: GameModule, recipients: list[str] | None = None
               ) -> list[str]:
    """What each recipient may do now, in plain words, with the exact command
    (``recipients``: their roles, when known)."""
    due = save.due
    name = attachment(save)
    if due is None:
        result = _result(save, module)
        lines = ["The game is over." + (f" {result}." if result else "")]
        if _hidden_cards(save):
            lines.append("Every player's pbem has opened its secrets: check the whole game, "
                         f"every hidden step included, with:  pbem verify {name} --audit")
        else:
            lines.append(f"Check the whole game with:  pbem verify {name}")
        return lines
    role, step = str(due["role"]), str(due["step"])
    text = printable(str(due["text"]))
    if step == chain.JOIN:
        return [f"{who(save, module, role)}: you are invited. Join the game:",
                *_play_commands(save, "join"),
                "  then mail your answer to the others:  pbem send SAVE  (the save pbem "
                "join wrote).",
                "  Invited with your SSH key rather than a pbem identity? Add  --key "
                "~/.ssh/id_ed25519  to pbem join and pbem send.",
                COPY]
    if step == chain.WITNESS:
        pending = save.pending or {}
        actor = _name(save, str(pending.get("by", save.writer)))
        return [f"Nothing for anyone to decide: a {requests.kind(save)} from {actor} "
                f"({text.partition('(')[2].rstrip(')') or 'a roll'}), for "
                f"{who(save, module, role)}'s pbem to answer by itself.", UNATTENDED]
    if step == chain.SHUFFLE:
        return [f"Nothing for anyone to decide: {who(save, module, role)}'s pbem takes its "
                f"step of the joint shuffle of the hidden cards by itself.", UNATTENDED]
    if step == chain.SHARE:
        return [f"Nothing for anyone to decide: {who(save, module, role)}'s pbem gives its "
                f"part of another player's hidden cards by itself, so that player can read "
                f"them before deciding.", UNATTENDED]
    if step == chain.AUDIT:
        result = _result(save, module)
        return [f"The game is over.{' ' + result + '.' if result else ''} Each player's pbem now "
                f"opens their game secrets for the audit, by itself; "
                f"{who(save, module, role)}'s is next.", UNATTENDED,
                "Once every player's has, check every hidden step with:  pbem verify LAST "
                "--audit  (LAST: the game's last save)."]
    if recipients is not None and role not in recipients:
        return [f"{who(save, module, role)} acts next ({text}) and has this save already.",
                "Nothing for you to do: your pbem files this copy (pbem watch does it as it "
                "comes, or run  pbem inbox)."]
    head = f"{who(save, module, role)}: it is your move - {_sentence(text)}"
    if step == chain.CARRY_ON:
        head = (f"{who(save, module, role)}: the others have answered; your action is carried "
                f"out with what their answers give, then your turn goes on.")
    return [head, *_play_commands(save, "play"),
            "  (Without the terminal: pbem show PATH lists what is offered, pbem apply PATH "
            "ACTIONS.yaml plays it, pbem send SAVE mails the save it writes.)", COPY]


def _story(story: Story, save: SaveFile, module: GameModule) -> list[str]:
    told = [s for s in story.saves if s.doc["log"]]
    if not told:
        return []
    first, last = story.saves[0].sequence, story.saves[-1].sequence
    span = f"save {last}" if first == last else f"saves {first}-{last}"
    heading = f"What happened ({span}, every line)"
    lines = ["", heading, "-" * len(heading)]
    if story.left_out is not None:
        lines.append(f"(Saves up to {story.left_out} are not told here; the whole game's "
                     f"log:  pbem log {attachment(save)} --all)")
    for earlier in told:
        if len(told) > 1 or earlier is not save:
            lines.append(f"Save {earlier.sequence}, by {who(earlier, module, earlier.writer)}"
                         f"{'' if _is_move(earlier) else ' (their pbem, by itself)'}:")
        lines += [f"  {printable(str(line))}" for line in earlier.doc["log"]]
    return lines


def _is_move(save: SaveFile) -> bool:
    return bool(save.actions) and save.actions[0]["do"] not in chain.MACHINE_STEPS


def body(save: SaveFile, module: GameModule, story: Story, with_picture: bool,
         earlier: list[SaveFile], recipients: list[str] | None = None) -> str:
    """The plain-text body (``recipients``: the roles it goes to, when known)."""
    invitation = save.due is not None and save.due["step"] == chain.JOIN
    # (a game whose dice nobody checks is said before anything: docs/threat-model.md)
    lines = [TABLE_DICE_LINE, ""] if save.table_dice else []
    steps = next_steps(save, module, recipients)
    clock = lateness.clock_of(save)
    if clock is not None:  # the line that says who acts next says by when
        words = lateness.due_words(clock)
        steps[0] = f"{steps[0]} ({_sentence(words[:1].upper() + words[1:])})"
    lines += ["What to do now", "--------------", *steps, ""]
    if story.key_results:
        lines += ["Key results:", *(f"  - {line}" for line in story.key_results), ""]
    notice = module.data_notice(save.game["options"])
    if notice:
        lines += [printable(notice), ""]
    if invitation:
        creator = save.players[0]["role"]
        lines += [f"{who(save, module, creator)} invites you to a game of {module.title} by "
                  f"e-mail (game {save.game_id[:8]}), played with pbem.", "", WHAT_PBEM_IS,
                  "", INSTALL, ""]
    lines.append(f"Save {save.sequence} of {module.title} (game {save.game_id[:8]}), "
                 f"written by {who(save, module, save.writer)} at "
                 f"{printable(str(save.doc['written']))}.")
    mode = save.dice_mode
    if mode in DICE_WORDS:
        lines.append(f"Dice: {DICE_WORDS[mode]}.")
    if save.game.get("deadline"):
        lines.append(f"Deadline: {deadlines.words(save.game)} (pbem claim).")
    lines += _story(story, save, module)
    picture = gameplay.describe(module, save.state, None)
    if picture:
        lines += ["", "The position", "------------",
                  *(printable(line) for line in picture.splitlines())]
    lines += ["", f"Attached: the save, {attachment(save)}"
              + (f", and a picture of the map ({attachment(save).removesuffix(SUFFIX)}"
                 f".map.png)." if with_picture else ".")]
    if earlier:
        lines.append(f"So that nothing is missing, the {len(earlier)} earlier save"
                     f"{'s' if len(earlier) != 1 else ''} you may not have come with it "
                     f"(saves {earlier[0].sequence}-{earlier[-1].sequence}).")
    lines += ["", "Players: " + ", ".join(who(save, module, str(p["role"]))
                                          for p in save.players)]
    return "\n".join(lines) + "\n"
