"""Looking and checking: ``pbem show``, ``verify``, ``log``, ``ledger`` and ``selfplay``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pbem import (
    absence,
    chain,
    deadlines,
    drafts,
    gamedata,
    gameplay,
    games,
    identity,
    inner_seals,
    lateness,
    savefile,
    sealed_orders,
    store,
    story,
    verification,
    witness_answers,
)
from pbem.cli.common import AsName, KeyPath, guarded, maybe_me, me, print_json, say, warn
from pbem.cli.root import CHECK, app
from pbem.engine import Option
from pbem.errors import ChainError, FormatError, PbemError, UsageError
from pbem.hidden_cards import seating
from pbem.ledger import Ledger
from pbem.signing import PublicKey


def _trust(save: savefile.SaveFile, save_path: Path, viewer: PublicKey | None) -> str:
    """How far the save was checked here, in one line (never writes anything): against
    the ledger of a player of the game whose key is here (one step when the save follows
    what they accepted), else from the game's first save."""
    keys = [viewer] if viewer is not None and save.role_of(viewer) else []
    local = identity.local_publics()
    keys += [PublicKey.from_line(p["key"]) for p in save.players if p["key"] in local]
    try:
        if keys:
            return verification.check(save, Ledger(keys[0]), [], save_path).line
        return verification.full(save, [], save_path).lines[0]
    except PbemError as exc:
        return f"NOT VERIFIED: {exc.message} (only the signature was checked)"


def _sealed_answer(save: savefile.SaveFile, role: str | None,
                   local: identity.LocalIdentity | None) -> dict[str, Any] | None:
    """This player's answer sealed in the round now open, as she composed it (the parts
    sealed inside it read back with her key)."""
    order = sealed_orders.mine(save.doc, save.state, role, local.key if local else None)
    if order is None or local is None or role is None \
            or not isinstance(order.get(inner_seals.INNER), dict):
        return order
    try:
        return inner_seals.unwrap(order, seating.seat(save.doc, role, local.key).keys)
    except (PbemError, ValueError, KeyError):
        return order


def _plain(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def option_text(option: Option) -> str:
    """An offered value as an actions file takes it, with its label when the label tells
    more (a hidden card's handle with the card the viewer reads there)."""
    value, label = str(option.value), str(option.label)
    if not label or value in label or _plain(label) == _plain(value):
        return value
    return f"{value} ({label})"


@app.command(rich_help_panel=CHECK, epilog=(
    "Examples: [bold]pbem show SAVE[/bold] · [bold]pbem show SAVE --json | jq .prompt[/bold]"))
@guarded
def show(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the state and the offered "
                                                         "actions as JSON for scripts.")] = False,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Show a save: the game, who must act, the position and the actions offered."""
    save = savefile.read(save_path)
    module = gamedata.for_save(save)
    local = maybe_me(as_name, key)
    role = save.role_of(local.key.public) if local else None
    trust = _trust(save, save_path, local.key.public if local else None)
    started = save.doc["dice"]["seed"] is not None and save.pending is None
    known = gameplay.viewer_knowledge(save.doc, save.state, role,
                                      local.key if local else None, save_path.resolve().parent)
    prompt = gameplay.prompt(module, save.state, role, known) if started else None
    clock = lateness.clock_of(save)
    if as_json:
        print_json({
            "game": save.game, "players": save.players, "sequence": save.sequence,
            "writer": save.writer, "sha256": save.sha256, "verified": trust,
            "dice": save.dice_mode, "due": save.due, "pending": save.pending,
            "viewer": role, "view": gameplay.view(module, save.state, role, known),
            "prompt": prompt.to_dict() if prompt else None,
            "outcome": gameplay.outcome(module, save.state), "log": save.doc["log"],
            "deadline": save.game.get("deadline"),
            "answer_due": clock.as_dict() if clock else None,
            "absent": absence.absent(save.state),
            "sealed_answer": _sealed_answer(save, role, local),
        })
        return
    say(f"{module.title}: game {save.game_id[:8]}, save {save.sequence}")
    say("Players: " + ", ".join(f"{p['name']} ({module.role_label(p['role'])})"
                                for p in save.players))
    writer = save.player(save.writer)["name"]
    say(f"Signed by {writer} ({save.writer}) at {save.doc['written']}")
    say(trust)
    if save.note:
        say(f"Note: {save.note}")
    say(f"Dice: {savefile.DICE_WORDS[save.dice_mode]}")
    if save.game.get("deadline"):
        say(f"Deadline: {deadlines.words(save.game)}")
    notice = module.data_notice(save.game["options"])
    if notice:
        say(notice)
    picture = gameplay.describe(module, save.state, role, known)
    if picture:
        say("")
        say(picture)
    say("")
    if absence.absent(save.state):
        say("Absent: " + ", ".join(f"{save.player(r)['name']} ({r})"
                                   for r in absence.absent(save.state))
            + " - the game's defaults decide for them (docs/deadlines.md)")
    if save.due is None:
        say(f"The game is over: {gameplay.outcome(module, save.state)}")
        return
    sealed = _sealed_answer(save, role, local)
    if sealed is not None:
        say(f"Your sealed answer (opened once everyone has answered): "
            f"{module.describe_action(sealed)}")
    waiting = f"; waiting since {save.doc['written']}" if save.due["step"] == chain.WITNESS \
        else ""
    say(f"Next: {save.player(save.due['role'])['name']} ({save.due['role']}) - "
        f"{save.due['text']}{waiting}")
    if clock is not None:
        now = deadlines.now()
        say(f"Due: {lateness.due_words(clock)} ({lateness.left(clock, now)})")
        if clock.may_claim(now) and role is not None \
                and role not in lateness.owed(save, witness_answers.around(save, save_path)) \
                and save.due["step"] not in (chain.JOIN, chain.START):
            say(f"Claim: the deadline and its grace have passed; pbem claim {save_path} lets "
                f"the game's defaults decide for them")
    if witness_answers.is_request(save):
        have = witness_answers.around(save, save_path)
        parts = [f"{save.player(r)['name']} " + ("in" if r in have else "awaited")
                 for r in witness_answers.witnesses_of(save)]
        todo = ""
        if role in witness_answers.witnesses_of(save) and role not in have:
            todo = f"; yours: pbem witness {save_path} (or pbem inbox / pbem watch)"
        elif role == save.due["role"] and len(have) == len(parts):
            todo = f"; carry on: pbem play {save_path}"
        say(f"Answers: {', '.join(parts)}; waiting since {save.doc['written']}{todo}")
    if prompt is not None:
        for spec in prompt.actions:
            params = ", ".join(
                f"{p.name}: " + (f"{p.minimum}-{p.maximum}" if p.kind == "int" else
                                 "list of " + "|".join(i.verb for i in p.items)
                                 if p.kind == "list" else
                                 "{" + ", ".join(f.name for i in p.items for f in i.params)
                                 + "}" if p.kind == "group" else
                                 "|".join(option_text(o) for o in p.options[:8])
                                 + ("|..." if len(p.options) > 8 else ""))
                for p in spec.params)
            fixed = ", ".join(f"{k}: {v}" for k, v in spec.fixed.items())
            extra = "; ".join(x for x in (fixed, params) if x)
            say(f"  - do: {spec.verb}  {spec.label}" + (f"  [{extra}]" if extra else "")
                + (f"  ({spec.rule})" if spec.rule else ""))


@app.command(rich_help_panel=CHECK, epilog=(
    "Examples: [bold]pbem verify SAVE[/bold] · [bold]pbem verify SAVE earlier/*.pbem.yaml"
    "[/bold] · [bold]pbem verify LAST_SAVE --audit[/bold]\n\nEarlier saves are also looked "
    "for beside SAVE and in your local store."))
@guarded
def verify(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE")],
    earlier: Annotated[list[Path], typer.Argument(metavar="[EARLIER_SAVES]...",
                                                  help="Earlier saves of the same game.")
    ] = [],  # noqa: B006
    audit: Annotated[bool, typer.Option(
        "--audit", help="Also re-check every hidden step (shuffles, shares, passed cards, "
                        "private decks) with the secrets the players opened at the end.")
    ] = False,
) -> None:
    """Re-check a save and its whole chain from the game's first save; exit 0 only if all
    holds."""
    save = savefile.read(save_path)
    verdict = verification.full(save, list(earlier), save_path, audit)
    for line in verdict.lines:
        say(line)
    if save.note:
        say(f"  note: {save.note}")


@app.command(rich_help_panel=CHECK, epilog=(
    "Examples: [bold]pbem log SAVE --all[/bold] · [bold]pbem log SAVE --dice[/bold] · "
    "[bold]pbem log SAVE.draft.yaml[/bold]\n\nA draft beside SAVE (a turn composed but not "
    "signed) is shown after it, named as a draft."))
@guarded
def log(
    save_path: Annotated[Path, typer.Argument(
        metavar="SAVE", help="A save, or the draft of a turn beside its save.")],
    earlier: Annotated[list[Path], typer.Argument(
        metavar="[EARLIER_SAVES]...", help="Earlier saves of the same game (also looked for "
                                           "beside SAVE), or the draft beside SAVE.")
    ] = [],  # noqa: B006
    whole: Annotated[bool, typer.Option("--all", help="The whole game, not just this save.")
    ] = False,
    dice: Annotated[bool, typer.Option(
        "--dice", help="Also every die with its purpose (a hidden card's draw is told as "
                       "what it does, without its number).")] = False,
) -> None:
    """Tell what happened, in words, with the rule applied to each step."""
    given = save_path if save_path.name.endswith(drafts.SUFFIX) else None
    given = given or next((p for p in earlier if p.name.endswith(drafts.SUFFIX)), None)
    if given is not None and given == save_path:
        save_path = save_path.with_name(save_path.name[:-len(drafts.SUFFIX)])
        if not save_path.is_file():
            raise FormatError(f"a draft, but the save it answers ({save_path.name}) is not "
                              f"beside it", str(given))
    earlier = [p for p in earlier if p != given]
    save = savefile.read(save_path)
    module = gamedata.for_save(save)
    draft = _draft_of(save, given or drafts.draft_path(save_path), given is not None)
    saves = [save]
    if whole:
        saves = chain.order_chain(save, store.candidates(save, list(earlier), save_path))
    say(f"{module.title}: game {save.game_id[:8]}; dice: "
        f"{savefile.DICE_WORDS[save.dice_mode]}")
    for item in saves:
        for line in story.section(item, module, dice):
            say(line)
    if draft is not None:
        where = (given or drafts.draft_path(save_path)).name
        for line in story.draft_section(draft, save, module, where):
            say(line)


def _draft_of(save: savefile.SaveFile, path: Path, given: bool) -> drafts.Draft | None:
    """The draft at ``path`` if it answers ``save``; a draft the user named must."""
    due = save.due
    found = drafts.load(path, save.sha256, due["role"]) if due is not None else None
    if found is None and given:
        if not path.is_file():
            raise FormatError("no such file", str(path))
        raise UsageError(f"this draft does not answer save {save.sequence} ({save.where}): "
                         f"it is out of date, or a draft of another save", str(path))
    return found


@app.command(rich_help_panel=CHECK, epilog=(
    "Examples: [bold]pbem ledger[/bold] · [bold]pbem ledger GAME_ID --resolve 3fa2c1[/bold]"))
@guarded
def ledger(
    game_id: Annotated[str | None, typer.Argument(help="A game id (or its first characters).")
    ] = None,
    resolve: Annotated[str | None, typer.Option(
        "--resolve", help="After a fork: keep the save whose hash starts so, and resume.")
    ] = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Show your ledger of accepted saves, or settle a fork."""
    book = Ledger(me(as_name, key).key.public)
    ids = book.games()
    if game_id:
        ids = [g for g in ids if g.startswith(game_id)]
        if len(ids) != 1:
            raise UsageError(f"no single game in your ledger starts with {game_id!r}")
    if resolve:
        if not game_id:
            raise UsageError("--resolve needs the game id")
        _check_kept(book, ids[0], resolve)
        kept = book.resolve(ids[0], resolve)
        say(f"Fork settled for game {ids[0][:8]}: {kept[:12]}... is kept; the other version "
            f"is refused from now on; play resumes.")
        return
    if not ids:
        say("Your ledger is empty.")
    for gid in ids:
        record = book.record(gid)
        assert record is not None
        head = record["head"]
        state = "STOPPED (fork)" if record["fork"] else "ok"
        say(f"{gid[:8]}  {record['kind']}  save {head['sequence']}  "
            f"{head['sha256'][:12]}...  {state}")
        for kept in book.evidence(gid):
            say(f"  evidence: save {kept.get('sequence')} by {kept.get('writer')} "
                f"({str(kept.get('sha256'))[:12]}...): {kept.get('why')}")


def _check_kept(book: Ledger, game_id: str, prefix: str) -> None:
    """The version to keep must itself follow the rules from its predecessor."""
    fork = book.fork(game_id)
    if not fork:
        return
    wanted = [h for h in fork["hashes"] if h.startswith(prefix)]
    if len(wanted) != 1:
        return
    saves = {s.sha256: s for s in store.candidates_of(game_id)}
    kept = saves.get(wanted[0])
    if kept is None:
        raise ChainError("the version to keep is not in your store; nothing changed", game_id)
    try:
        chain.verify(kept, saves.values())
    except PbemError as exc:
        warn(f"pbem: the version {wanted[0][:12]}... does not verify: {exc.message}")
        raise ChainError("a version that breaks the rules cannot be kept; nothing changed",
                         game_id) from None


@app.command(rich_help_panel=CHECK, epilog=(
    "Examples: [bold]pbem selfplay dragons-tigers --games 5[/bold] · "
    "[bold]pbem selfplay dragons-tigers --players 3 --seed 7 --out games/seed7[/bold]"))
@guarded
def selfplay(
    game: Annotated[str, typer.Argument(help="Which game: " + ", ".join(games.kinds()) + ".")],
    games_count: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 1,
    players: Annotated[int | None, typer.Option(
        "--players", min=2, max=8, help="Players per game (default: the fewest the game "
                                        "takes).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 0,
    dice: Annotated[str, typer.Option("--dice", help="open or witnessed.")] = "open",
    out: Annotated[Path | None, typer.Option(
        "--out", help="Write the saves of each game here (one folder per game).")] = None,
) -> None:
    """Let random legal players play complete games, every save signed, chained and
    verified: a smoke test of the rules and a source of sample games."""
    from pbem import selfplay as random_play

    module = games.get(game)
    if dice not in ("open", "witnessed"):
        raise UsageError("--dice is open or witnessed")
    for index in range(games_count):
        result = random_play.play(game, players or module.min_players, seed + index,
                                  dice=dice)
        verdict = random_play.verify(result)
        outcome = result.outcome or {}
        winner = outcome.get("winner")
        who = f"{module.role_label(winner)} wins" if winner else "no winner"
        say(f"game {seed + index}: {result.actions} actions, {len(result.saves)} saves, "
            f"{result.rolls} dice; {who} ({outcome.get('reason', '?')}); {verdict.lines[0]}")
        if out is not None:
            folder = out / f"game-{seed + index}" if games_count > 1 else out
            for save in result.saves:
                savefile.write(folder / savefile.file_name(save.game_id, save.sequence,
                                                           save.writer), save.raw)
            say(f"  saves written to {folder}")


@app.command(rich_help_panel=CHECK, epilog="Example: [bold]pbem notes SAVE[/bold]")
@guarded
def notes(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE")],
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Read the notes other players sealed for you in this game's saves."""
    from pbem.hidden_cards import notes as sealed_notes
    from pbem.hidden_cards import seating

    save = savefile.read(save_path)
    local = me(as_name, key)
    role = save.role_of(local.key.public)
    if role is None:
        raise UsageError("you are not a player of this game", str(save_path))
    saves = chain.order_chain(save, store.candidates(save, [], save_path))
    found = 0
    for item in saves:
        if len(item.doc["dice"]["salts"]) < len(item.players):
            continue
        seat = seating.seat(item.doc, role, local.key)
        for sender, text in sealed_notes.read(item.doc, seat, item.sequence):
            found += 1
            say(f"save {item.sequence}, from {item.player(sender)['name']} ({sender}): {text}")
    if not found:
        say("No notes for you in this game.")
