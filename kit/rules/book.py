"""A game's rulebook data (data/GAME/rulebook.yaml), read and checked against its rule options.

The file holds, each in Japanese (ja) and English (en):

    title:    {ja: ..., en: ...}
    sections: {components: {ja: [paragraph, ...], en: [...]}, setup, turn, plays, end, scoring}
    summary:  {ja: [...], en: [...]}             # the one-page summary
    readings:                                    # one sentence pair per value of every rule option
      OPTION: {VALUE: {ja: ..., en: ...}, ...}   # every choice; on/off for a switch
      OPTION: {other: {ja: "... {value} ...", en: ...}}   # a number or a name: any value
    glossary: [{ja: 札, en: card, ja_text: ..., en_text: ...}, ...]
    examples: [{title: {ja, en}, text: {ja, en}, when: {OPTION: [VALUE, ...]}, ...the game's keys}]
    notes:    {NAME: {title: {ja, en}, ja: [...], en: [...]}}   # optional: more headed texts (a deal
                                                              # sheet, the record), after the sections

A paragraph may hold `{rule:OPTION}`: the sentence of the option's value being built, so the
sections print the preset's rules, not a fixed text. A fact may hold `{rule:OPTION}` too (a
piece's text a rule option words, such as a tile's effect). A paragraph starting "- " is a bullet.
An option, a value or a language without its sentence is refused at its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from kit.data.errors import Collector, KitError, Where, did_you_mean, display_path
from kit.data.yamlload import LMap, describe, load_yaml

LANGS = ("ja", "en")
SECTIONS = ("components", "setup", "turn", "plays", "end", "scoring")
HEADINGS = {
    "components": ("内容物", "Components"),
    "setup": ("準備", "Setup"),
    "turn": ("手番の流れ", "A turn"),
    "plays": ("出し方・動き方", "Ways to play"),
    "end": ("ゲームの終わり", "End of the game"),
    "scoring": ("勝敗と同点", "Winning and ties"),
    "rules": ("この版の規則", "The rules in force"),
    "examples": ("例", "Worked examples"),
    "glossary": ("用語", "Glossary"),
    "summary": ("早見表", "Summary"),
}
OTHER = "other"                 # the reading of any value not given its own sentence
PLACEHOLDER = re.compile(r"\{rule:([a-z_0-9]+)\}")
FACT = re.compile(r"\{fact:([a-z_0-9]+)\}")   # a value the game works out from its data (a town list, a count)


def heading(key: str, lang: str) -> str:
    return HEADINGS[key][LANGS.index(lang)]


def check_lang(lang: str | None) -> tuple[str, ...]:
    """The languages to print for `--lang` (none given: both)."""
    if lang is None:
        return LANGS
    if lang not in LANGS:
        raise KitError(f"--lang: {lang!r} is not a language of the rulebook{did_you_mean(lang, LANGS)}; "
                       f"choose {' or '.join(LANGS)}")
    return (lang,)


@dataclass(frozen=True)
class Term:
    words: dict          # lang -> the term
    texts: dict          # lang -> what it means


@dataclass(frozen=True)
class Example:
    number: int          # 1-based, in the file's order
    title: dict          # lang -> text
    text: dict           # lang -> text
    when: dict           # option -> the values under which the example holds (empty: always)
    data: LMap           # the whole entry, for the game's own keys
    where: Where

    def holds_under(self, values) -> bool:
        return all(values[k] in v for k, v in self.when.items())

    def at(self, key) -> Where:
        return self.data.at(key) if key in self.data else self.where


@dataclass(frozen=True)
class Rulebook:
    path: str
    title: dict
    sections: dict        # section -> lang -> tuple of paragraphs
    summary: dict         # lang -> tuple of paragraphs
    readings: dict        # option -> value -> lang -> sentence
    glossary: tuple[Term, ...]
    examples: tuple[Example, ...]
    order: tuple[str, ...] = field(default=())   # the options, in their declaration's order
    notes: dict = field(default_factory=dict)    # name -> {"title": {lang: text}, lang: tuple of paragraphs}

    facts: dict = field(default_factory=dict)    # lang -> {name: text}, the game's own (with_facts)

    def with_facts(self, facts: dict) -> "Rulebook":
        """This book with the game's facts for `{fact:NAME}`; a name the text uses and the game does
        not supply is refused."""
        used = set()
        for items in [self.summary] + list(self.sections.values()) + list(self.notes.values()):
            for lang in LANGS:
                for p in items[lang]:
                    used.update(FACT.findall(p))
        for by_value in self.readings.values():
            for texts in by_value.values():
                for lang in LANGS:
                    used.update(FACT.findall(texts[lang]))
        for ex in self.examples:
            for lang in LANGS:
                used.update(FACT.findall(ex.text[lang]))
        missing = sorted(n for n in used if any(n not in facts.get(lang, {}) for lang in LANGS))
        if missing:
            raise KitError(f"{{fact:{missing[0]}}}: the game supplies no such fact; it has "
                           f"{', '.join(sorted(facts.get('en', {}))) or 'none'}", Where(self.path))
        return replace(self, facts=facts)

    def _facts(self, s: str, lang: str) -> str:
        return FACT.sub(lambda m: self.facts.get(lang, {}).get(m.group(1), m.group(0)), s)

    def sentence(self, option: str, value, lang: str) -> str:
        by_value = self.readings[option]
        chosen = by_value.get(value, by_value.get(OTHER))
        return self._facts(chosen[lang].replace("{value}", str(value)), lang)

    def in_force(self, values, lang: str) -> list[tuple[str, str]]:
        """(option, its sentence for the value being built) for every option."""
        return [(o, self.sentence(o, values[o], lang)) for o in self.order]

    def filled(self, paragraphs, values, lang: str) -> list[str]:
        # facts first: a fact may hold {rule:OPTION} (a piece's text worded by a rule option)
        return [PLACEHOLDER.sub(lambda m: self.sentence(m.group(1), values[m.group(1)], lang), self._facts(p, lang))
                for p in paragraphs]

    def section(self, key: str, values, lang: str) -> list[str]:
        return self.filled(self.sections[key][lang], values, lang)

    def note(self, name: str, values, lang: str) -> tuple[str, list[str]]:
        """A note's title and its paragraphs, filled, in `lang`."""
        body = self.notes[name]
        return body["title"][lang], self.filled(body[lang], values, lang)

    def example_text(self, ex: "Example", lang: str) -> str:
        return self._facts(ex.text[lang], lang)

    def examples_for(self, values) -> list[Example]:
        return [e for e in self.examples if e.holds_under(values)]


def _texts(doc, what: str, where: Where, errors: Collector, many: bool) -> dict:
    """{lang: text} (or {lang: tuple of paragraphs}) of a mapping with both languages."""
    out = {}
    if not isinstance(doc, dict):
        errors.error(f"{what} should be a mapping with ja: and en:, not {describe(doc)}", where)
        return {lang: (() if many else "") for lang in LANGS}
    for key in doc:
        if key not in LANGS:
            errors.error(f"{what}: unknown language {key!r}{did_you_mean(key, LANGS)}; write ja: and en:",
                         doc.at(key))
    for lang in LANGS:
        value = doc.get(lang)
        at = doc.at(lang) if lang in doc else where
        if many:
            items = [value] if isinstance(value, str) else value
            if not (isinstance(items, list) and items and all(isinstance(s, str) and s.strip() for s in items)):
                errors.error(f"{what} has no {lang} text (write {lang}: as a list of paragraphs)", at)
                items = []
            out[lang] = tuple(items)
        else:
            if not (isinstance(value, str) and value.strip()):
                errors.error(f"{what} has no {lang} sentence", at)
                value = ""
            out[lang] = value
    return out


def _placeholders(texts: dict, by_name: dict, where: Where, errors: Collector) -> None:
    for lang, items in texts.items():
        for p in (items if isinstance(items, tuple) else (items,)):
            for name in PLACEHOLDER.findall(p):
                if name not in by_name:
                    errors.error(f"{{rule:{name}}}: no rule option {name!r}{did_you_mean(name, by_name)}", where)


def _readings(doc, spec, where: Where, errors: Collector) -> dict:
    by_name = {o.name: o for o in spec}
    out = {}
    if not isinstance(doc, dict):
        errors.error("readings should be a mapping of rule option: {value: {ja:, en:}}", where)
        return {o.name: {OTHER: {"ja": "", "en": ""}} for o in spec}
    for key in doc:
        if key not in by_name:
            errors.error(f"readings: unknown rule option {key!r}{did_you_mean(key, by_name)}", doc.at(key))
    for o in spec:
        body = doc.get(o.name)
        at = doc.at(o.name) if o.name in doc else where
        if not isinstance(body, dict):
            errors.error(f"rule option {o.name!r} has no sentences: write readings: {o.name}: "
                         f"{{VALUE: {{ja: ..., en: ...}}}} for each of its values", at)
            out[o.name] = {OTHER: {"ja": "", "en": ""}}
            continue
        values = tuple(o.choices) or ((True, False) if o.kind is bool else ())
        sentences = {}
        for value, text in body.items():
            if value != OTHER and values and value not in values:
                shown = "on/off" if o.kind is bool else ", ".join(map(str, values))
                errors.error(f"readings: {o.name} has no value {value!r}{did_you_mean(value, values)}; "
                             f"its values: {shown}", body.at(value))
                continue
            if value != OTHER and not values:
                try:
                    value = o.check(value, body.at(value))
                except KitError as err:
                    errors.error(err.message, err.where)
                    continue
            sentences[value] = _texts(text, f"readings: {o.name}: {value}", body.at(value), errors, many=False)
        for value in values:
            if value not in sentences and OTHER not in sentences:
                shown = ("on" if value else "off") if o.kind is bool else value
                errors.error(f"rule option {o.name!r}: the value {shown!r} has no sentences "
                             f"(write {shown}: {{ja: ..., en: ...}} under readings: {o.name})", at)
        if (not values and o.kind is int and o.minimum is not None and o.maximum is not None
                and o.maximum - o.minimum < 10 and all(v in sentences for v in range(o.minimum, o.maximum + 1))):
            values = tuple(range(o.minimum, o.maximum + 1))     # a few numbers, each with its own sentence
        if not values and OTHER not in sentences:
            errors.error(f"rule option {o.name!r} takes any {('number' if o.kind is int else 'name')}: write "
                         f"{OTHER}: {{ja: ..., en: ...}} (with {{value}} for the value) under readings: {o.name}",
                         at)
        out[o.name] = sentences
    return out


def load_rulebook(path: Path, spec) -> Rulebook:
    """The rulebook at `path`, every option of `spec` with its sentences in both languages."""
    name = display_path(path)
    top = Where(name, 1)
    doc = load_yaml(path)
    if not isinstance(doc, dict):
        raise KitError("the rulebook should be a mapping with title, sections, summary, readings, "
                       "glossary and examples", top)
    errors = Collector()
    known = ("title", "sections", "summary", "readings", "glossary", "examples")
    for key in doc:
        if key not in known + ("notes",):
            errors.error(f"unknown key {key!r}{did_you_mean(key, known + ('notes',))}", doc.at(key))
    for key in known:
        if key not in doc:
            errors.error(f"the rulebook has no {key}:", top)
    errors.raise_if_any()
    by_name = {o.name: o for o in spec}
    title = _texts(doc["title"], "title", doc.at("title"), errors, many=False)
    sections = {}
    body = doc["sections"]
    if not isinstance(body, dict):
        raise KitError("sections should be a mapping of " + ", ".join(SECTIONS), doc.at("sections"))
    for key in body:
        if key not in SECTIONS:
            errors.error(f"unknown section {key!r}{did_you_mean(key, SECTIONS)}; sections: {', '.join(SECTIONS)}",
                         body.at(key))
    for key in SECTIONS:
        if key not in body:
            errors.error(f"the rulebook has no section {key!r} ({' / '.join(HEADINGS[key])})", doc.at("sections"))
            continue
        sections[key] = _texts(body[key], f"section {key}", body.at(key), errors, many=True)
        _placeholders(sections[key], by_name, body.at(key), errors)
    summary = _texts(doc["summary"], "summary", doc.at("summary"), errors, many=True)
    _placeholders(summary, by_name, doc.at("summary"), errors)
    readings = _readings(doc["readings"], spec, doc.at("readings"), errors)
    glossary = _glossary(doc["glossary"], doc.at("glossary"), errors)
    examples = _examples(doc["examples"], by_name, doc.at("examples"), errors)
    notes = _notes(doc.get("notes", {}), by_name, doc.at("notes") if "notes" in doc else top, errors)
    errors.raise_if_any()
    return Rulebook(name, title, sections, summary, readings, glossary, examples, tuple(o.name for o in spec),
                    notes)


def _notes(doc, by_name: dict, where: Where, errors: Collector) -> dict:
    if not isinstance(doc, dict):
        errors.error("notes should be a mapping of name: {title: {ja:, en:}, ja: [...], en: [...]}", where)
        return {}
    out = {}
    for name, body in doc.items():
        at = doc.at(name)
        if not isinstance(body, dict) or "title" not in body:
            errors.error(f"note {name!r} should be a mapping with title: {{ja:, en:}}, ja: and en:", at)
            continue
        for key in body:
            if key not in ("title",) + LANGS:
                errors.error(f"note {name!r}: unknown key {key!r}{did_you_mean(key, ('title',) + LANGS)}",
                             body.at(key))
        title = _texts(body["title"], f"note {name}: title", body.at("title"), errors, many=False)
        texts = _texts(_sub(body, LANGS), f"note {name}", at, errors, many=True)
        _placeholders(texts, by_name, at, errors)
        out[name] = {"title": title, **texts}
    return out


def _glossary(doc, where: Where, errors: Collector) -> tuple[Term, ...]:
    if not isinstance(doc, list) or not doc:
        errors.error("glossary should be a list of terms: {ja:, en:, ja_text:, en_text:}", where)
        return ()
    out, seen = [], {lang: {} for lang in LANGS}
    for i, item in enumerate(doc):
        at = doc.at(i)
        if not isinstance(item, dict):
            errors.error(f"glossary term {i + 1} should be a mapping with ja, en, ja_text, en_text", at)
            continue
        words = _texts(_sub(item, LANGS), f"glossary term {i + 1}", at, errors, many=False)
        texts = _texts(_sub(item, LANGS, "_text"), f"glossary term {i + 1} ({words['en']})", at, errors,
                       many=False)
        for key in item:
            if key not in LANGS + tuple(f"{lang}_text" for lang in LANGS):
                errors.error(f"glossary: unknown key {key!r}", item.at(key))
        for lang in LANGS:
            if words[lang] in seen[lang]:
                errors.error(f"glossary: {words[lang]!r} is already the term of line {seen[lang][words[lang]]}; "
                             "one term per thing", at)
            seen[lang][words[lang]] = at.line
        out.append(Term(words, texts))
    return tuple(out)


def _sub(item: LMap, langs, suffix: str = "") -> LMap:
    """The entries `lang + suffix` of `item` as a {lang: value} mapping keeping their lines."""
    m = LMap({lang: item[lang + suffix] for lang in langs if lang + suffix in item})
    m.where = item.where
    m.key_where = {lang: item.at(lang + suffix) for lang in langs if lang + suffix in item}
    return m


def _examples(doc, by_name: dict, where: Where, errors: Collector) -> tuple[Example, ...]:
    if not isinstance(doc, list) or not doc:
        errors.error("examples should be a list of worked examples", where)
        return ()
    out = []
    for i, item in enumerate(doc):
        at = doc.at(i)
        if not isinstance(item, dict):
            errors.error(f"example {i + 1} should be a mapping", at)
            continue
        title = _texts(item.get("title"), f"example {i + 1}: title", item.at("title") if "title" in item else at,
                       errors, many=False)
        text = _texts(item.get("text"), f"example {i + 1}: text", item.at("text") if "text" in item else at,
                      errors, many=False)
        when = {}
        cond = item.get("when") or {}
        if not isinstance(cond, dict):
            errors.error(f"example {i + 1}: when should be a mapping of rule option: [values]", item.at("when"))
            cond = {}
        for key, values in cond.items():
            if key not in by_name:
                errors.error(f"example {i + 1}: when: unknown rule option {key!r}{did_you_mean(key, by_name)}",
                             cond.at(key))
                continue
            values = values if isinstance(values, list) else [values]
            try:
                when[key] = tuple(by_name[key].check(v, cond.at(key)) for v in values)
            except KitError as err:
                errors.error(f"example {i + 1}: when: {err.message}", err.where)
        out.append(Example(i + 1, title, text, when, item, at))
    return tuple(out)
