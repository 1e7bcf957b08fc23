"""One game at the table: its seats, who may act for them, and its log as the save.

A seat is played by a person (in this browser, hot-seat, or through a join link with the
seat's own token) or by its AI policy. Every move goes through `act`, which checks the
token, the seat to act and that the move is one the engine offers; nothing the browser
sends is trusted. The save is the game's log in the format `kit replay` reads, written
after every move, with the seats and tokens beside it: a restarted server plays on from it.
A move and its save go together: a move whose save cannot be written is taken back, so the
game in play is always the one saved.
"""

from __future__ import annotations

import errno
import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from kit.data.errors import KitError, display_path
from kit.data.yamlload import load_yaml
from kit.play.words import both
from kit.run.files import check_targets, write_all


class Refused(Exception):
    """A move or a token the table does not accept; the message says why, in English and in
    Japanese (`words`, for the page)."""

    def __init__(self, en: str, ja: str):
        super().__init__(en)
        self.words = both(en, ja)


class SaveFailed(KitError):
    """A move's save could not be written (a full disk, a folder made read-only): the move was
    taken back and the table stops there. `words`: the same in both languages, for the page."""

    def __init__(self, path: str, why: dict, version: int):
        self.words = both(f"cannot save the game: {path}: {why['en']}. The table has stopped at move {version + 1}, "
                          "as it is saved; once kit can write there, start kit play again and it plays on "
                          "from the save.",
                          f"保存できません：{path}: {why['ja']}。卓は保存されたとおり第{version + 1}手で止まっています。"
                          "書き込めるようになったら kit play を起動し直すと、保存から続きを指せます。")
        super().__init__(self.words["en"])


# The usual reasons a file cannot be written, in Japanese (the system gives them in English).
WHY_JA = {errno.ENOSPC: "ディスクに空きがありません", errno.EDQUOT: "ディスクの割り当てを使い切りました",
          errno.EACCES: "書き込む権限がありません", errno.EPERM: "書き込む権限がありません",
          errno.EROFS: "読み取り専用のディスクです", errno.EIO: "ディスクの読み書きに失敗しました"}


def _unsaved(err: Exception, save: Path) -> tuple[str, dict]:
    """The file a failed save names and why it failed (both languages), without the writer's own
    'cannot write: '. The system's reason is said in Japanese where WHY_JA knows it; the writer's
    KitError keeps the system's error as its context."""
    if isinstance(err, KitError):
        where, why = err.where.file if err.where else display_path(save), err.message.removeprefix("cannot write: ")
        cause = err.__context__
    else:
        where, why, cause = display_path(save), getattr(err, "strerror", None) or str(err), err
    return where, both(why, WHY_JA.get(getattr(cause, "errno", None), why))


@dataclass
class Event:
    seat: int
    move: dict
    reason: dict | str   # an AI's reason in both languages (kit.play.words), "" for a person's move
    number: int


@dataclass
class Seats:
    """Who plays each seat and the tokens that act for them (plain values, saved as JSON)."""

    humans: tuple[int, ...]                        # 0-based seats played by people
    tokens: dict[str, tuple[int, ...]] = field(default_factory=dict)   # token -> seats it acts for

    @classmethod
    def new(cls, humans: tuple[int, ...]) -> "Seats":
        tokens = {}
        if humans:
            tokens[secrets.token_urlsafe(12)] = tuple(humans)   # this browser: every person's seat
            if len(humans) > 1:                                  # and a join link per seat
                for s in humans:
                    tokens[secrets.token_urlsafe(12)] = (s,)
        return cls(tuple(humans), tokens)

    def seats_of(self, token: str | None) -> tuple[int, ...]:
        if token is None or token == "":
            return ()
        if token not in self.tokens:
            raise Refused("unknown token: this link does not belong to this game",
                          "このリンクはこのゲームのものではありません（不明なトークン）")
        return self.tokens[token]

    def host_token(self) -> str | None:
        return next(iter(self.tokens), None)

    def seat_tokens(self) -> dict[int, str]:
        """The token of each person's own join link."""
        out = {}
        for token, seats in self.tokens.items():
            if len(seats) == 1:
                out.setdefault(seats[0], token)
        return out


class Session:
    """A match (a game's table.Match), its seats and its save."""

    def __init__(self, match, seats: Seats, save: Path, events: list[Event] | None = None):
        self.match = match
        self.seats = seats
        self.save = save
        self.events = events or []
        self.version = len(self.events)

    # --- the save ----------------------------------------------------------------------

    @property
    def meta_path(self) -> Path:
        return self.save.with_suffix(".json")

    def write(self) -> None:
        """The log and its seats as one set, through kit's output writer: after a crash or a
        full disk both are as the last complete write left them, never one newer than the
        other; owner-only, as the tokens act for the seats."""
        meta = json.dumps({
            "game": self.match.game, "seed": self.match.seed, "players": self.match.players,
            "policies": list(self.match.policies), "humans": list(self.seats.humans),
            "tokens": {t: list(s) for t, s in self.seats.tokens.items()}}, indent=1) + "\n"
        write_all({self.save: self.match.log_text().encode("utf-8"), self.meta_path: meta.encode("utf-8")},
                  product=False, private=True)

    def check_save(self) -> None:
        """Refuse, before the table is served, a save kit could not write (its folder unwritable,
        a folder in the way): a resumed game writes only at its next move."""
        check_targets([self.save, self.meta_path])

    @classmethod
    def resume(cls, match, save: Path, humans: tuple[int, ...]) -> "Session | None":
        """The game saved at `save` played on from its log, when it is this match's game (same
        seed, players, policies and people) and not over; else None."""
        meta_path = save.with_suffix(".json")
        if not save.exists() or not meta_path.exists():
            return None
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if (meta.get("seed"), meta.get("players"), tuple(meta.get("policies", ())), tuple(meta.get("humans", ()))) \
                != (match.seed, match.players, tuple(match.policies), tuple(humans)):
            return None
        moves = match.logged_moves(load_yaml(save), tuple(humans))
        session = cls(match, Seats(tuple(humans), {t: tuple(s) for t, s in meta["tokens"].items()}), save)
        session._replay(moves)
        return None if match.to_act() is None else session

    # --- moves -------------------------------------------------------------------------

    def _replay(self, moves) -> None:
        """Play `moves` on from where the match is, each AI seat's policy asked again as it was
        (it draws from the game's dice, so the dice come out as they did)."""
        for move in moves:
            seat = self.match.to_act()
            if seat is None:
                raise KitError(f"{self.save}: the log goes on after the game is over")
            reason = ""
            if seat not in self.seats.humans:
                _, reason = self.match.ai_move()
            self._apply(seat, move, reason)

    def _apply(self, seat: int, move: dict, reason: str) -> None:
        self.match.play(move)
        self.events.append(Event(seat, move, reason, len(self.events) + 1))
        self.version = len(self.events)

    def _apply_saved(self, seat: int, move: dict, reason: str) -> None:
        """A move and its save, or neither: when the save cannot be written the move is taken
        back (SaveFailed), so the game in play never runs ahead of the one on disk."""
        self._apply(seat, move, reason)
        try:
            self.write()
        except (KitError, OSError) as err:
            self._take_back()
            raise SaveFailed(*_unsaved(err, self.save), self.version) from None

    def _take_back(self) -> None:
        """The match as it was before its latest move: a match's state holds its turn's flow
        (a generator), which cannot be copied, so the game is played again from its start."""
        moves = [e.move for e in self.events[:-1]]
        self.match, self.events = self.match.fresh(), []
        self._replay(moves)
        self.version = len(self.events)

    def act(self, token: str | None, steps, version=None) -> None:
        """A person's move: refused unless the token acts for the seat to act and the move is
        one of the engine's legal moves now."""
        seats = self.seats.seats_of(token)
        if not seats:
            raise Refused("a spectator cannot move", "観戦者は手を指せません")
        seat = self.match.to_act()
        if seat is None:
            raise Refused("the game is over", "ゲームは終わりました")
        if seat not in seats:
            raise Refused(f"it is seat {seat + 1}'s turn, not yours", f"いまは席{seat + 1}の番で、あなたの番ではありません")
        if seat not in self.seats.humans:
            raise Refused(f"seat {seat + 1} is played by the AI", f"席{seat + 1}はAIが指しています")
        if version is not None and version != self.version:
            raise Refused("the table has moved on; here it is as it is now", "盤面が先に進みました。いまの盤面を表示します")
        if not isinstance(steps, list) or not all(isinstance(s, (str, int)) for s in steps):
            raise Refused("a move is a list of steps", "手は手順のリストです")
        move = next((m for m in self.match.legal() if m["steps"] == steps), None)
        if move is None:
            raise Refused("not a legal move", "指せない手です")
        self._apply_saved(seat, move, "")

    def ai_to_move(self) -> bool:
        seat = self.match.to_act()
        return seat is not None and seat not in self.seats.humans

    def ai_step(self) -> Event:
        seat = self.match.to_act()
        move, reason = self.match.ai_move()
        self._apply_saved(seat, move, reason)
        return self.events[-1]

    # --- what a browser sees -----------------------------------------------------------

    def view(self, token: str | None) -> dict:
        seats = self.seats.seats_of(token)
        to_act = self.match.to_act()
        # Hot-seat: the one browser sees the hand of whichever of its seats is to act.
        seat = to_act if to_act in seats else (seats[0] if seats else None)
        mine = to_act is not None and to_act in seats and to_act in self.seats.humans
        # each seat's AI policy (None: a person's seat); the page words "seat 2 (AI: greedy)"
        ai = [None if s in self.seats.humans else self.match.policies[s] for s in range(self.match.players)]
        return {
            "version": self.version, "seat": seat, "seats": list(seats), "to_act": to_act,
            "over": to_act is None, "ai": ai,
            "legal": self.match.legal() if mine else [],
            "events": [{"seat": e.seat, "label": e.move["label"], "reason": e.reason, "number": e.number,
                        "steps": e.move["steps"]} for e in self.events[-12:]],
            "game": self.match.view(seat),
        }
