"""Chronicles' season orders as a form at the table (tui/formdialog.py, the game's
pbem/games/chronicles/order_form.py): the seat due adds an action counter by number keys,
sees it listed, gives the order, and it is sealed with the counter in it; an order the
rules refuse comes back to the form with the refusal, its entries kept."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

from pbem import identity, inner_seals, keeping, sealed_orders, session
from pbem.offers import ActionSpec, Param, entry
from tests.security.kit import labelled_key
from tests.tui.kit import settle
from tests.tui.terminal import Terminal
from tests.tui.test_chronicles_table import KIND, _to_the_first_question
from tests.tui.test_chronicles_tmux import PBEM, ROOT
from tui.dialogs import ConfirmScreen, HandOverScreen
from tui.formdialog import FormMenu
from tui.launch import make_app
from tui.paramdialog import ParamScreen


def test_an_entry_nests_its_dotted_fields_and_drops_empty_ones() -> None:
    item = ActionSpec("recruit-armies", "Recruit", None, {"counter": "recruit-armies"}, (
        Param("general", "choice", "General", default="xun-yu"),
        Param("units.infantry", "int", "Infantry", minimum=0, maximum=9, default=0),
        Param("units.cavalry-2", "int", "Cavalry", minimum=0, maximum=9, default=0),
        Param("with", "choices", "With", maximum=2)))
    assert entry(item, {"units.infantry": 3}) == {
        "counter": "recruit-armies", "general": "xun-yu", "units": {"infantry": 3}}
    assert entry(item, {"with": []}) == {"counter": "recruit-armies", "general": "xun-yu"}


def _fixed_game(folder: Path) -> Path:
    """A hot-seat game for three, the same on every run: fixed keys and salts (the table
    tests' clock is fixed too, tests/tui/conftest.py), so the same counters are drawn."""
    people = [identity.keygen(f"p{n}", hotseat=True, key=labelled_key(f"form p{n}"))
              for n in range(1, 4)]
    saves = [session.new_game(KIND, people[0], [p.identity for p in people[1:]],
                              {"players": 3}, None, game_id="7" * 32, salt="0" * 32)]
    for n, person in enumerate(people[1:], start=1):
        saves.append(session.join(saves[-1], person, f"{n:032x}"))
    return keeping.write_all(saves, folder)


def _rows(app: Any) -> list[str]:
    return [label for _, label in app.screen.rows] if isinstance(app.screen, FormMenu) \
        else []


async def _given_and_refused(app: Any, pilot: Any) -> dict[str, Any]:
    """Give the order (Ctrl+S) and wait for the form to come back refused: its error, its
    rows, and the actions the turn holds then."""
    await pilot.press("ctrl+s")
    await settle(pilot, lambda: isinstance(app.screen, FormMenu) and app.screen.error)
    return {"error": app.screen.error, "rows": _rows(app),
            "actions": [a["do"] for a in app.turn.composer.actions]}


def test_a_season_order_built_in_the_form_is_given_sealed(tmp_path: Path) -> None:
    app = make_app(_fixed_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _to_the_first_question(app, pilot)
            seen["role"] = app.turn.role
            await pilot.press("1")  # Season orders: the form
            await settle(pilot, lambda: isinstance(app.screen, FormMenu))
            seen["first"] = _rows(app)
            await pilot.press("1")  # Add: Action counters
            await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                         and app.screen.rows[0][0][0] == "add")
            seen["kinds"] = _rows(app)
            await pilot.press("2")  # the second kind of counter the seat holds
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            await pilot.press("ctrl+s")  # its defaults
            await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                         and "Action counters 1" in " ".join(_rows(app)))
            seen["listed"] = _rows(app)
            await pilot.press("ctrl+s")  # give the order
            await settle(pilot, lambda: not isinstance(app.screen, FormMenu | ParamScreen))
            seen["actions"] = list(app.turn.composer.actions) if app.turn else []
            composer = app.turn.composer
            seen["order"] = sealed_orders.own_order(composer.state, app.turn.role,
                                                    composer.keys())

    asyncio.run(run())
    assert seen["first"][0] == "Add: Action counters" and seen["first"][-1] == "Give the order"
    # the game's start was written on its own, and every other seat's shares of the counters
    # it dealt came before the first seat decides: only the kinds she holds are offered
    assert seen["kinds"] == ["Prevent floods", "Search for talent", "Court a leader"]
    assert any(row.startswith("Action counters 1: Search for talent: Cao Cao, ")
               and row.endswith("actions-odd#2 (Diplomatic Relations)")
               for row in seen["listed"]), seen["listed"]
    assert not any("not readable yet" in row for row in seen["listed"])
    assert [a["do"] for a in seen["actions"]][-1] == "seal"  # nobody reads it yet
    order = seen["order"]
    assert order is not None and order["do"] == "season"
    assert [a["counter"] for a in order["actions"]] == ["diplomacy"]
    assert order["actions"][0]["entry"].startswith("actions-odd#")
    assert set(order) == {"do", "actions"}  # (nothing else was filled in)


def test_a_refused_order_comes_back_to_the_form_with_its_entries(tmp_path: Path) -> None:
    """The same general sent on two counters (the form's defaults): the rules refuse the
    order, citing the rule, and the form is shown again with the refusal and both
    entries, to mend; nothing is sealed."""
    app = make_app(_fixed_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _open_form(app, pilot)
            for count in (1, 2):
                await pilot.press("1" if count == 1 else "2")  # Add (after the first entry)
                await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                             and app.screen.rows[0][0][0] == "add")
                await pilot.press(str(count + 1))  # Search for talent, then Court a leader
                await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
                await pilot.press("ctrl+s")
                await settle(pilot, lambda n=count: isinstance(app.screen, FormMenu)
                             and f"Action counters {n}" in " ".join(_rows(app)))
            seen.update(await _given_and_refused(app, pilot))

    asyncio.run(run())
    assert seen["error"].endswith("(s8.0.general-required)"), seen["error"]
    assert sum(row.startswith("Action counters ") for row in seen["rows"]) == 2
    assert "seal" not in seen["actions"]


def test_the_form_by_keyboard_in_a_real_terminal(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """In tmux: `pbem play` on the same hot-seat game, the season orders' form opened by
    its number, her counters read (only the kinds she holds offered), a search counter
    added with its defaults, a trade with Sun Ce added (2 gold typed, the other counter
    ticked), the order given, signed and handed over."""
    home = tmp_path / "home"
    config, data = home / "config", home / "data"
    monkeypatch.setenv("PBEM_CONFIG_DIR", str(config))
    monkeypatch.setenv("PBEM_DATA_DIR", str(data))
    path = _fixed_game(tmp_path / "work")
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8", "PYTHONPATH": str(ROOT),
           "PBEM_CONFIG_DIR": str(config), "PBEM_DATA_DIR": str(data)}
    term = Terminal(tmp_path / "work", env, size=(120, 40))
    try:
        term.type(f"pbem() {{ {PBEM} \"$@\"; }}; clear")
        term.type(f"clear; pbem play {path.name}; echo \"rc=$? #play\"")
        for _ in range(12):  # the hand-over and the opening's signatures
            shown = term.steady()
            if "1. Season orders" in shown:
                break
            if "Hand over" in shown or "Write and sign" in shown:
                term.press("Enter")  # and wait for it to be taken: a busy machine is slow
                term.wait_for(lambda s, before=shown: s != before, 60)
        term.wait_for(lambda s: "1. Season orders" in s, 90)
        term.press("1")
        form = term.wait_for(lambda s: "Add: Action counters" in s)
        assert "Traceback" not in form
        if "1. Prevent floods" not in term.steady():  # (the kinds may be open already)
            term.press("1")
        # her counters are read (the start was written on its own, the shares came): only
        # the kinds she holds are offered
        kinds = term.wait_for(lambda s: "1. Prevent floods" in s and "2. Search for talent" in s)
        assert "Develop land" not in kinds, kinds
        term.press("2")
        term.wait_for(lambda s: "Do it" in s)
        term.press("C-s")
        listed = term.wait_for(lambda s: "Action counters 1: Search for talent: Cao Cao" in s)
        assert "Add: Trades" in listed and "Give the order" in listed
        term.press("3")  # Add: Trades
        kinds = term.wait_for(lambda s: "Trade with Sun Ce" in s)
        if "Give: gold" not in kinds:
            term.press("1")  # the first seat to trade with
        term.wait_for(lambda s: "Give: gold" in s)
        term.steady()  # (the first field takes the keys once it has the focus)
        term.press("BSpace")
        term.press("2")
        term.press("Tab")
        term.press("1")  # Give: action counters, the first ticked (the second is placed)
        term.wait_for(lambda s: "[x] actions-odd#1" in s)
        term.press("C-s")
        listed = term.wait_for(lambda s: "Trades 1: Trade with Sun Ce" in s)
        assert "Trade with Sun Ce: give gold 2, give counters actions-odd#1" in listed, listed
        assert "Action counters 1: Search for talent" in listed
        term.press("C-s")
        signing = term.wait_for(lambda s: "Write and sign" in s)
        assert "seals an answer" in signing, signing
        term.press("Enter")
        term.wait_for(lambda s: "Hand over" in s and "p2" in s)
    finally:
        term.close()


async def _add(app: Any, pilot: Any, row: str) -> None:
    """Pick the form's row ``row`` by its number, then the first kind of entry."""
    menu = app.screen
    await pilot.press(str(_rows(app).index(row) + 1))
    await settle(pilot, lambda: app.screen is not menu
                 and isinstance(app.screen, FormMenu | ParamScreen))
    if isinstance(app.screen, FormMenu):
        await pilot.press("1")
    await settle(pilot, lambda: isinstance(app.screen, ParamScreen))


async def _trade(app: Any, pilot: Any, gold: str, count: int) -> None:
    """A trade with the first seat offered: ``gold`` typed, the first counter ticked."""
    await _add(app, pilot, "Add: Trades")
    await pilot.press("backspace", *gold, "tab")  # Give: gold, then on
    await pilot.press("1", "ctrl+s")  # Give: action counters, the first ticked
    await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                 and f"Trades {count}: " in " ".join(_rows(app)))


def test_a_trade_built_in_the_form_is_sealed_as_a_written_one(tmp_path: Path) -> None:
    """A trade added by keyboard (gold typed, a counter ticked by its number) is sealed
    in the order exactly as a file would write it."""
    app = make_app(_fixed_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            role = await _open_form(app, pilot)
            seen["first"] = _rows(app)
            await _trade(app, pilot, "2", 1)
            seen["listed"] = _rows(app)
            await pilot.press("ctrl+s")
            await settle(pilot, lambda: not isinstance(app.screen, FormMenu | ParamScreen))
            composer = app.turn.composer
            seen["order"] = sealed_orders.own_order(composer.state, role, composer.keys())
            seen["held"] = composer.state["realms"][role]["counters"]

    asyncio.run(run())
    assert "Add: Trades" in seen["first"], seen["first"]
    listed = [row for row in seen["listed"] if row.startswith("Trades 1: Trade with ")]
    assert listed and ": give gold 2, give counters actions-" in listed[0], listed
    order = seen["order"]
    assert order is not None and set(order) == {"do", "trades"}
    other = order["trades"][0]["with"]
    assert order["trades"] == [{"with": other,
                                "give": {"gold": 2, "counters": [seen["held"][0]]}}]


def test_a_refused_trade_comes_back_to_the_form_with_its_rule(tmp_path: Path) -> None:
    """The same counter offered in two trades: the rules refuse the order (7.0), and the
    form shows both trades again with the refusal; nothing is sealed."""
    app = make_app(_fixed_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _open_form(app, pilot)
            for count in (1, 2):
                await _trade(app, pilot, "0", count)
            seen.update(await _given_and_refused(app, pilot))

    asyncio.run(run())
    assert seen["error"].endswith("(s7.0.tradables)"), seen["error"]
    assert sum(row.startswith("Trades ") for row in seen["rows"]) == 2
    assert "seal" not in seen["actions"]


async def _pick(app: Any, pilot: Any, row: str) -> None:
    """Pick the form's row that starts with ``row``, by its number, and wait for what it
    opens."""
    menu = app.screen
    await pilot.press(str(next(i for i, r in enumerate(_rows(app)) if r.startswith(row)) + 1))
    await settle(pilot, lambda: app.screen is not menu
                 and isinstance(app.screen, FormMenu | ParamScreen))


async def _open_form(app: Any, pilot: Any) -> str:
    """Open the season-order form at the first question; the seat answering."""
    await _to_the_first_question(app, pilot)
    role = str(app.turn.role)
    await pilot.press("1")
    await settle(pilot, lambda: isinstance(app.screen, FormMenu))
    return role


async def _given(app: Any, pilot: Any, role: str) -> dict[str, Any] | None:
    """Give the order (Ctrl+S) and read it back as it was sealed, the parts sealed inside
    it (placements and plans) read back with the writer's key."""
    await pilot.press("ctrl+s")
    await settle(pilot, lambda: not isinstance(app.screen, FormMenu | ParamScreen))
    composer = app.turn.composer
    order = sealed_orders.own_order(composer.state, role, composer.keys())
    return None if order is None else inner_seals.unwrap(order, composer.keys())


def test_a_battle_plan_with_a_card_is_built_in_a_form_of_its_own(tmp_path: Path) -> None:
    """A plan is added with its fields' defaults, then, in the plan's own form, a card of
    the seat's hand to try in round 1 (picked by its number); the plan is listed with its
    card, and the order is sealed with the plan as a file would write it."""
    app = make_app(_fixed_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _to_the_first_question(app, pilot)
            role = app.turn.role
            seen["hand"] = list(app.turn.composer.state["realms"][role]["cards"])
            await pilot.press("1")
            await settle(pilot, lambda: isinstance(app.screen, FormMenu))
            await _pick(app, pilot, "Add: Battle plans")
            assert isinstance(app.screen, ParamScreen)
            await pilot.press("ctrl+s")  # the plan's fields as offered
            await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                         and "Add: Red cards to try" in _rows(app))
            seen["plan form"] = _rows(app)
            seen["inner"] = app.screen.inner  # (Ctrl+S keeps the plan, Escape drops it)
            await _pick(app, pilot, "Add: Red cards to try")
            assert isinstance(app.screen, ParamScreen)
            await pilot.press("2")  # Round: round 1 (then on to the next field)
            await pilot.press("ctrl+s")
            await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                         and any(r.startswith("Red cards to try 1: ") for r in _rows(app)))
            seen["with card"] = _rows(app)
            await _pick(app, pilot, "Battle plan: ")  # its fields again
            fields = app.screen.spec.params
            seen["commander"], seen["ninth"] = fields[8].options[1], fields[8].name
            await pilot.press(*["tab"] * 8, "2", "ctrl+s")  # Commander: her first general
            await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                         and "commander" in _rows(app)[0])
            seen["fields row"] = _rows(app)[0]
            await pilot.press("ctrl+s")  # the plan is done
            await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                         and any(r.startswith("Battle plans 1: ") for r in _rows(app)))
            seen["listed"] = _rows(app)
            seen["outer"] = app.screen.inner
            seen["order"] = await _given(app, pilot, role)

    asyncio.run(run())
    assert seen["plan form"][0].startswith("Battle plan: "), seen["plan form"]
    assert seen["plan form"][-1] == "OK"
    assert seen["inner"] and not seen["outer"]
    (card,) = seen["hand"]
    # (her hand is read: the card is named, with its entry)
    assert f"Red cards to try 1: Try Water Trap ({card}): round 1" in seen["with card"]
    listed = next(r for r in seen["listed"] if r.startswith("Battle plans 1: "))
    assert "red cards to try [Try " in listed and "round 1" in listed, listed
    order = seen["order"]
    assert order is not None and set(order) == {"do", "plans"}
    (plan,) = order["plans"]
    assert plan["cards"] == [{"card": card, "round": 1}]
    assert plan["first"] == "go" and plan["losses"] == "weakest-here"
    assert seen["ninth"] == "roles.commander"
    assert plan["roles"] == {"commander": seen["commander"].value}
    assert seen["fields row"].endswith(f", commander {seen['commander'].label}")
    assert "retreat" not in plan  # (the rules' choice)


def test_the_exile_part_is_set_in_the_form_and_sealed(tmp_path: Path) -> None:
    """The Exile row opens the part's fields (here only going into exile: the seat is at
    home and lends no area); "yes" picked by its number is shown on the row and sealed as
    the order's mapping part."""
    app = make_app(_fixed_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            role = await _open_form(app, pilot)
            seen["first"] = _rows(app)
            await _pick(app, pilot, "Exile: ")
            seen["fields"] = [p.name for p in app.screen.spec.params]
            await pilot.press("2")  # yes (the only field: done)
            await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                         and "Exile: yes: leave every area and seek a host" in _rows(app))
            seen["order"] = await _given(app, pilot, role)

    asyncio.run(run())
    assert "Exile: none" in seen["first"]
    assert seen["fields"] == ["go"]
    order = seen["order"]
    assert order is not None and order["exile"] == {"go": True}
    assert set(order) == {"do", "exile"}


def test_an_answer_aimed_at_a_leader_without_means_is_refused(tmp_path: Path) -> None:
    """An answer backing a courting aimed at a leader (picked by number) but bringing
    nothing: the rules refuse the order (notes 4), and the form shows the answer again,
    its target named, with the refusal."""
    app = make_app(_fixed_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _open_form(app, pilot)
            await _pick(app, pilot, "Add: Answers to others' actions")
            await pilot.press("1")  # Back a courting
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            seen["fields"] = [p.name for p in app.screen.spec.params]
            seen["leader"] = app.screen.spec.params[1].options[1].label
            await pilot.press("1", "2")  # by: whoever acts first; aimed at: the first leader
            await pilot.press("ctrl+s")  # no gold
            await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                         and any(r.startswith("Answers to others' actions 1: ")
                                 for r in _rows(app)))
            seen.update(await _given_and_refused(app, pilot))

    asyncio.run(run())
    assert seen["fields"][:3] == ["by", "target", "gold"], seen["fields"]
    assert seen["error"].endswith("(s8.4.A.5.gold-objects)"), seen["error"]
    answer = next(r for r in seen["rows"] if r.startswith("Answers to others' actions 1: "))
    assert answer == (f"Answers to others' actions 1: Back a courting: {seen['leader']}, "
                      "gold 0"), answer  # (whoever acts first: left out)
    assert "seal" not in seen["actions"]


def test_an_entry_is_changed_in_place_with_e(tmp_path: Path) -> None:
    """``e`` on a listed entry opens its dialog on what it holds; what is changed there
    replaces the entry where it stands (no second entry, none lost), and the order sealed
    holds the change. ``e`` on a row that is no entry does nothing."""
    app = make_app(_fixed_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            role = await _open_form(app, pilot)
            await _trade(app, pilot, "2", 1)
            seen["before"] = _rows(app)
            menu = app.screen
            entry_row = next(i for i, r in enumerate(_rows(app)) if r.startswith("Trades 1:"))
            menu.query_one("#rows").highlighted = entry_row
            await pilot.press("e")
            await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            seen["opened"] = app.screen.collect()
            await pilot.press("backspace", "5", "ctrl+s")
            await settle(pilot, lambda: isinstance(app.screen, FormMenu)
                         and "give gold 5" in " ".join(_rows(app)))
            seen["after"] = _rows(app)
            give = next(i for i, r in enumerate(_rows(app)) if r == "Give the order")
            app.screen.query_one("#rows").highlighted = give
            await pilot.press("e")
            await settle(pilot)
            seen["still"] = isinstance(app.screen, FormMenu)
            await pilot.press("ctrl+s")
            await settle(pilot, lambda: not isinstance(app.screen, FormMenu | ParamScreen))
            composer = app.turn.composer
            seen["order"] = sealed_orders.own_order(composer.state, role, composer.keys())

    asyncio.run(run())
    assert seen["opened"]["give.gold"] == 2 and len(seen["opened"]["give.counters"]) == 1
    trades = [r for r in seen["after"] if r.startswith("Trades ")]
    assert len(trades) == 1 and ": give gold 5, give counters actions-" in trades[0], trades
    assert seen["still"]
    assert [t["give"]["gold"] for t in seen["order"]["trades"]] == [5]


def test_the_next_seat_at_one_keyboard_reads_her_counters(tmp_path: Path) -> None:
    """Hot seat: once the first seat's order is written, every player whose key is here
    gives her shares at once (pbem/shares_ahead.py), so the next seat's form offers the
    counters she holds by their actions, none of them unread."""
    app = make_app(_fixed_game(tmp_path))
    seen: dict[str, Any] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            first = await _open_form(app, pilot)
            await pilot.press("ctrl+s")  # an empty order: written, signed, handed over
            await settle(pilot, lambda: isinstance(app.screen, ConfirmScreen | HandOverScreen))
            await _open_form(app, pilot)
            seen["second"] = app.turn.role
            await pilot.press("1")  # Add: Action counters
            await settle(pilot, lambda: isinstance(app.screen, FormMenu | ParamScreen)
                         and not (isinstance(app.screen, FormMenu)
                                  and app.screen.rows[0][0][0] != "add"))
            if isinstance(app.screen, FormMenu):
                seen["kinds"] = _rows(app)
                await pilot.press("1")
                await settle(pilot, lambda: isinstance(app.screen, ParamScreen))
            options = app.screen.query("OptionList").last()
            seen["labels"] = [options.get_option_at_index(i).prompt
                              for i in range(options.option_count)]
            seen["first"] = first

    asyncio.run(run())
    assert seen["second"] != seen["first"]
    labels = " ".join(str(label) for label in seen["labels"])
    assert "actions-" in labels and "not readable yet" not in labels, labels
    assert len(seen.get("kinds", ["one"])) <= 3  # only the kinds of her own counters
