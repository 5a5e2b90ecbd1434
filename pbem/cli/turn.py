"""Playing from the command line: ``pbem apply`` (a turn, kept as a draft until a
hand-over); ``pbem witness`` is :mod:`.witness`."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from pbem import (
    answering,
    answers_ahead,
    drafts,
    gamedata,
    identity,
    keeping,
    plans,
    savefile,
    saving,
    session,
    store,
    verification,
    witness_answers,
)
from pbem.cli import turn_view
from pbem.cli.common import (
    AsName,
    KeyPath,
    explicit_identity,
    guarded,
    maybe_me,
    me,
    plural,
    print_json,
    read_yaml_file,
    say,
)
from pbem.cli.root import PLAY, app
from pbem.cli.turn_view import local_for
from pbem.errors import FormatError, IllegalAction, NotYourTurn, UsageError
from pbem.ledger import Ledger


def _load_actions(path: Path) -> list[dict[str, Any]]:
    if str(path) == "-":
        data_bytes = sys.stdin.buffer.read(1024 * 1024 + 1)
        if len(data_bytes) > 1024 * 1024:
            raise FormatError("actions are larger than 1 MiB", "standard input")
        from pbem import strict_yaml

        data = strict_yaml.load(data_bytes, "standard input")
    else:
        data = read_yaml_file(path, "actions")
    if isinstance(data, dict) and "actions" in data:
        data = data["actions"]
    if data is None:
        data = []
    if not isinstance(data, list):
        raise FormatError("an actions file is a YAML list of actions (- do: VERB ...)",
                          str(path))
    for index, action in enumerate(data):
        if not isinstance(action, dict) or not isinstance(action.get("do"), str):
            raise FormatError(f"actions[{index}] must be a mapping with 'do: VERB'", str(path))
    return data


@dataclass
class Turn:
    """What composing the given actions produced: signed saves and, perhaps, a turn still
    being composed (the draft)."""

    saves: list[savefile.SaveFile] = field(default_factory=list)
    open: session.Composer | None = None
    not_applied: int = 0
    waiting: str = ""


def compose(prev: savefile.SaveFile, local: identity.LocalIdentity,
            actions: list[dict[str, Any]], source: str, hotseat: bool,
            notes: list[tuple[str, str]] | None = None,
            answers: dict[str, witness_answers.Answer] | None = None) -> Turn:
    """Apply the actions, signing a save at each hand-over; in hot-seat play, go on as the
    next local player, answering roll requests with the local witnesses' keys. ``notes``
    travel, sealed, in the first save; while the turn goes on they stay with the open
    composer (and the draft)."""
    turn = Turn()
    composer: session.Composer | None = session.Composer(prev, local, answers)
    composer.notes = list(notes or [])
    try:
        composer.check_notes()
    except IllegalAction as exc:
        raise UsageError(f"{exc.message}; nothing written", "--note") from None
    for index, action in enumerate(actions):
        assert composer is not None
        if composer.pending is not None or not composer.my_move():
            composer = _hand_over(turn, composer, hotseat, f"{source}: actions[{index}]")
            if composer is None:
                turn.not_applied = len(actions) - index
                return turn
        try:
            composer.act(action)
        except IllegalAction as exc:
            raise IllegalAction(f"{action.get('do')}: {exc.message}; nothing written",
                                where=f"{source}: actions[{index}]") from None
    assert composer is not None
    if composer.pending is not None or not composer.my_move():
        composer = _hand_over(turn, composer, hotseat, source, last=True)
    turn.open = composer
    return turn


def _answered_here(turn: Turn, request: savefile.SaveFile,
                   hotseat: bool) -> session.Composer | None:
    """A request answered side by side: in hot-seat play, every witness's key is here, so
    they answer at once (the answers kept in the store, where a later pbem apply of the
    request finds them) and the actor carries on; else the turn waits for the answers."""
    witnesses = {role: local_for(request, role)
                 for role in witness_answers.witnesses_of(request)}
    actor = local_for(request, str(request.pending["by"])) if request.pending else None
    if not hotseat or actor is None or any(w is None for w in witnesses.values()):
        turn.waiting = str(request.due["text"]) if request.due else ""
        return None
    answers = {}
    for role, local in witnesses.items():
        assert local is not None
        answers[role] = made = witness_answers.make(request, local, role)
        Ledger(local.key.public).reveal_once(request.game_id, role, made.used,
                                             request.sha256)
        witness_answers.keep(made, store.game_folder(request.game_id))
    return session.Composer(request, actor, answers)


def _hand_over(turn: Turn, composer: session.Composer, hotseat: bool, where: str,
               last: bool = False) -> session.Composer | None:
    """Sign the composed save; continue as the next player when their key is here."""
    prompt_before = composer.prompt()
    if prompt_before is None and composer.pending is None:
        if last:
            turn.saves.append(composer.finish())
            return None
        raise IllegalAction("the game is over", where=where)
    turn.saves.append(composer.finish())
    save = turn.saves[-1]
    while save.due is not None and save.due["step"] in answering.AUTOMATIC:
        witness = local_for(save, save.due["role"]) if hotseat else None
        if witness is None:
            turn.waiting = save.due["text"]
            return None
        turn.saves.append(answering.AUTOMATIC[save.due["step"]](save, witness))
        save = turn.saves[-1]
    if save.due is None:
        return None
    if witness_answers.is_request(save):
        carrying = _answered_here(turn, save, hotseat)
        if carrying is not None and carrying.pending is None and not carrying.my_move():
            return _hand_over(turn, carrying, hotseat, where, last)
        return carrying
    nxt = local_for(save, save.due["role"]) if hotseat else None
    if nxt is None and not last:
        owner = save.player(save.due["role"])["name"]
        raise NotYourTurn(f"{owner} ({save.due['role']}) must act now ({save.due['text']}) "
                          f"and their key is not here; nothing written", where=where)
    return None if nxt is None else session.Composer(save, nxt)


def _report(turn: Turn, paths: list[Path]) -> None:
    for save, path in zip(turn.saves, paths, strict=True):
        say(f"Wrote {path}")
        for line in save.doc["log"]:
            say(f"  {line}")
    if turn.not_applied:
        say(f"{plural(turn.not_applied, 'action')} after that were not applied: "
            f"{turn.waiting or 'another player must act first'}.")
    elif turn.waiting:
        say(f"Waiting: {turn.waiting}")


@app.command(rich_help_panel=PLAY, epilog=(
    "Example: [bold]pbem apply 7f3c2a91-0012-white.pbem.yaml turn.yaml[/bold]\n\n"
    "turn.yaml is a YAML list of actions from the ones pbem show SAVE offers, such as:\n\n"
    "  - do: end-movement\n\n"
    "A turn is one save: actions are added to the turn's draft (beside SAVE) until another "
    "player must act, and the save is signed there. --dry-run --json prints the exact "
    "position after the actions without signing or writing anything. docs/actions.md lists "
    "every verb."))
@guarded
def apply(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE", help="The save you received.")],
    actions_path: Annotated[Path, typer.Argument(metavar="ACTIONS",
                                                 help="YAML list of actions ('-': stdin).")],
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="The next save to write (default: beside SAVE).")] = None,
    finish: Annotated[bool, typer.Option(
        "--finish", help="The actions must complete the turn: fail, keeping nothing, if "
                         "they stop while you still have to act.")] = False,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Apply on a copy and show the result; sign and write nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    note: Annotated[list[str], typer.Option(
        "--note", metavar="ROLE=TEXT", help="A note only ROLE can read, during the game and "
                                            "after its audit; the others see only that you "
                                            "wrote one (where the game allows it, e.g. to an "
                                            "ally).")
    ] = [],  # noqa: B006
    then: Annotated[Path | None, typer.Option(
        "--then", metavar="PLAN", help="A YAML list of actions your pbem plays unattended the "
                                       "next time the game comes back to you, if the rules "
                                       "still allow them all (docs/plans.md).")] = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Apply actions to your turn; sign the save when another player must act.

    When every player's key is on this machine (hot-seat), play continues through
    hand-overs and one save is written per hand-over. An illegal action, or one that is
    not yours, stops everything: nothing is written.
    """
    actions = _load_actions(actions_path)
    planned = plans.checked(_load_actions(then), str(then)) if then is not None else None
    prev = savefile.read(save_path)
    if prev.due is None:
        raise IllegalAction("the game is over; nothing more can be played", where=str(save_path))
    due_role = prev.due["role"]
    explicit = explicit_identity(as_name, key)
    local = me(as_name, key) if explicit else local_for(prev, due_role)
    if local is None:
        local = maybe_me(None, None)
        if local is None or prev.role_of(local.key.public) is None:
            raise NotYourTurn(f"this save is addressed to {prev.player(due_role)['name']}; "
                              f"no key of theirs is here", where=str(save_path))
    if prev.role_of(local.key.public) != due_role:
        probe = session.Composer(prev, local)  # raises the precise "addressed to ..." refusal
        if not probe.my_move() and not (actions == [{"do": "pass"}]
                                        and probe.role in probe.queue) \
                and not answers_ahead.sealed_question(prev, local):
            saving.role_for(prev, local)  # (a question passed ahead: the same refusal)
        due_role = probe.role
    if prev.due["step"] in answering.AUTOMATIC and not answers_ahead.opened_side_by_side(prev):
        raise UsageError("this save asks for an answer that needs no decision, not for "
                         f"actions: pbem witness {save_path}", str(save_path))
    ledger = Ledger(local.key.public)
    checked = verification.check(prev, ledger, [], save_path)
    if actions == [{"do": "pass"}] and not dry_run and not _hot_seat(prev, explicit) \
            and _passed_ahead(prev, local, save_path, as_json):
        checked.commit()
        return
    if not dry_run and not _hot_seat(prev, explicit) and answers_ahead.sealed_question(prev, local):
        _sealed_ahead(prev, local, actions, save_path, str(actions_path), as_json)
        checked.commit()
        return
    if moved := ledger.already_moved(prev, due_role):
        raise IllegalAction(f"you already signed the save after this one (kept in {moved}); "
                            f"signing another would fork the game: send that one",
                            where=str(save_path))
    draft_file = drafts.draft_path(save_path)
    draft = drafts.load(draft_file, prev.sha256, due_role)
    earlier = draft.actions if draft else []
    notes = list(draft.notes) if draft else []
    for item in note:
        to, sep, text = item.partition("=")
        if not sep or not to.strip() or not text.strip():
            raise UsageError(f"--note takes ROLE=TEXT, not {item!r}")
        notes.append((to.strip(), text))
    answers = witness_answers.around(prev, save_path) if witness_answers.is_request(prev) \
        else None
    turn = compose(prev, local, earlier + actions, str(actions_path), hotseat=not explicit,
                   notes=notes, answers=answers)
    module = gamedata.for_save(prev)
    if finish and turn.open is not None:
        prompt = turn.open.prompt()
        raise IllegalAction("the actions stop while you still have to act"
                            + (f" ({prompt.text})" if prompt else "") + "; nothing written",
                            where=str(actions_path))
    if planned is not None and (turn.open is not None or not turn.saves):
        raise UsageError("--then plans what follows a signed save, but your turn goes on: "
                         "nothing written", str(then))
    if dry_run:
        turn_view.dry_run(module, turn.saves, turn.open, as_json)
        return
    folder = (output.parent if output is not None else save_path.parent)
    paths = [folder / savefile.file_name(s.game_id, s.sequence, s.writer) for s in turn.saves]
    if output is not None and paths:
        paths[0] = output
    _write(turn, prev, checked, paths)
    draft_note = _keep_draft(turn, prev, save_path, paths, draft_file, due_role)
    if planned is not None:
        mine = [save for save in turn.saves if save.writer == due_role]
        plans.store(mine[-1] if mine else turn.saves[-1], planned, str(then))
    if as_json:
        print_json({"wrote": [str(p) for p in paths], "draft": draft_note,
                    "position": turn_view.position(
                        module, turn.open, turn.saves[-1] if turn.saves else prev)})
        return
    say(checked.line)
    if prev.table_dice:
        say(f"Dice: {savefile.DICE_WORDS['table']}")
    _report(turn, paths)
    if planned is not None:
        say(f"Plan kept on this machine only: {plans.words(prev.game_id)}")
    elif turn.saves and due_role is not None:
        _plan_hint(module, turn.saves[-1], due_role)
    if draft_note:
        composer = turn.open
        assert composer is not None
        say(f"Your turn goes on ({plural(len(composer.actions), 'action')} so far, kept as "
            f"a draft in {draft_note}); continue with: pbem apply {save_path} MORE.yaml")
        if composer.notes:
            say(f"{plural(len(composer.notes), 'note')} will be sealed in the save that ends "
                f"your turn.")
        prompt = composer.prompt()
        if prompt:
            say(f"Now: {prompt.text}")
    elif turn.saves and turn.saves[-1].due is not None:
        last = turn.saves[-1]
        assert last.due is not None
        say(f"Next: {last.player(last.due['role'])['name']} ({last.due['role']}) - "
            f"{last.due['text']}")
    elif turn.saves:
        say("The game is over.")


def _hot_seat(prev: savefile.SaveFile, explicit: bool) -> bool:
    """Every player's key is on this machine and no identity was named: one keyboard plays
    them all, one save after another."""
    return not explicit and all(local_for(prev, str(p["role"])) is not None
                                for p in prev.players)


def _passed_ahead(prev: savefile.SaveFile, local: identity.LocalIdentity, save_path: Path,
                  as_json: bool) -> bool:
    """A lone pass to a question put to several players in turn: given ahead, side by
    side with the others asked, as a small signed file (False: it goes in a save)."""
    path = answers_ahead.pass_now(prev, local, save_path)
    if path is None:
        return False
    if as_json:
        print_json({"wrote": [], "passed": str(path), "draft": ""})
        return True
    say(f"You let it go ahead of your turn: wrote {path}. pbem inbox and pbem watch send "
        f"it to every player (or: pbem send {path}); whoever is asked once the players "
        f"before them pass carries on.")
    return True


def _sealed_ahead(prev: savefile.SaveFile, local: identity.LocalIdentity,
                  actions: list[dict[str, Any]], save_path: Path, where: str,
                  as_json: bool) -> None:
    """The player's answer to a question every player asked answers sealed side by side:
    one action, sealed and signed in a small file beside the save."""
    if len(actions) != 1:
        raise UsageError("this question is answered sealed, side by side with the other "
                         "players: give exactly one action, your answer", where)
    path = answers_ahead.seal_now(prev, local, actions[0], save_path)
    if as_json:
        print_json({"wrote": [], "sealed": str(path), "draft": ""})
        return
    say(f"Your answer is sealed (nobody reads it before every answer is in): wrote {path}. "
        f"pbem inbox and pbem watch send it to every player (or: pbem send {path}); once "
        f"every answer is in, each pbem opens its own and the game carries them out.")


def _write(turn: Turn, prev: savefile.SaveFile, checked: verification.Checked,
           paths: list[Path]) -> None:
    """Write every signed save, refusing before any write if a name is taken."""
    for path in paths:
        if path.exists() or path.is_symlink():
            raise FormatError("a file of that name exists already; nothing written", str(path))
    before = prev
    for index, (save, path) in enumerate(zip(turn.saves, paths, strict=True)):
        keeping.write(save, path, before, checked if index == 0 else None)
        before = save
    if not turn.saves:
        checked.commit()


def _plan_hint(module: Any, last: Any, role: str) -> None:
    """Say what could be planned when the save just written hands the game over for a
    moment in the middle of the writer's own turn (docs/plans.md)."""
    due = last.due
    if due is None or due["role"] == role or last.writer != role:
        return
    offers = module.plan_offers(last.state, role)
    if offers:
        verbs = ", ".join(spec.verb for spec in offers)
        say(f"It comes back to you this turn: --then PLAN.yaml lets your pbem go on "
            f"unattended ({verbs}; docs/plans.md).")


def _keep_draft(turn: Turn, prev: savefile.SaveFile, save_path: Path, paths: list[Path],
                draft_file: Path, due_role: str) -> str:
    """Keep (or clear) the draft of the turn still being composed; return where."""
    composer = turn.open
    if turn.saves:
        drafts.remove(draft_file)
    if composer is None or not (composer.actions or composer.notes):
        return ""
    answered = paths[-1] if turn.saves else save_path
    target = drafts.draft_path(answered)
    drafts.write(target, composer.prev.sha256, composer.role, composer.actions,
                 notes=composer.notes)
    return str(target)
