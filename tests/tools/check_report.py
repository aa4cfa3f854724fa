#!/usr/bin/env python3
"""Check vchess JSON reports against formats/report-schema.json.

usage: check_report.py [--schema FILE] [REPORT...]   (no REPORT: stdin)

A report is either one JSON document (--format json) or JSON lines
(--format jsonl: game objects and input-error records, then a summary
object; for vchess winnable,
query objects, then a summary of queries). Every object is
validated against the schema (2020-12) with the jsonschema package when
it is installed (and CHECK_REPORT_BUILTIN is not set), else with the
small validator below, which knows the
keywords the schema uses. Beyond the schema, a JSONL report must end with
exactly one summary line whose "games" ("queries") equals the number of lines
(unless the report is --quiet, with no game lines), and a document's
summary must count its games; input-error records (in the lines, or in a
document's games array) must number the summary's input_errors.

Prints "N objects match the report schema" and exits 0, or prints each
problem and exits 1. Which validator ran goes to stderr.
"""
import json
import math
import os
import re
import sys


# ---- a small JSON Schema (2020-12) validator: the keywords the report
# schema uses; anything else is rejected so that the schema cannot quietly
# outgrow it -------------------------------------------------------------

KNOWN = {"$schema", "$id", "$defs", "$ref", "title", "description", "examples",
         "type", "enum", "const", "required", "properties", "additionalProperties",
         "items", "oneOf", "anyOf", "allOf", "if", "then", "else", "minimum",
         "minLength", "pattern", "multipleOf", "minItems", "maxItems", "uniqueItems",
         "propertyNames", "dependentRequired"}

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool)) or
    (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}


class MiniValidator:
    def __init__(self, schema):
        self.root = schema

    def resolve(self, ref):
        if not ref.startswith("#/"):
            raise ValueError("unsupported $ref " + ref)
        node = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        return node

    def errors(self, value, schema, path="$"):
        if schema is True:
            return []
        if schema is False:
            return [path + ": no value allowed here"]
        unknown = set(schema) - KNOWN
        if unknown:
            raise ValueError("schema keyword(s) the mini validator does not know: " +
                             ", ".join(sorted(unknown)))
        errs = []
        if "$ref" in schema:
            errs += self.errors(value, self.resolve(schema["$ref"]), path)
        if "type" in schema:
            types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(TYPES[t](value) for t in types):
                return errs + ["%s: %r is not of type %s" % (path, value, "/".join(types))]
        if "enum" in schema and not any(value == e and type(value) is type(e)
                                        for e in schema["enum"]):
            errs.append("%s: %r is not one of %r" % (path, value, schema["enum"]))
        if "const" in schema and not (value == schema["const"] and
                                      type(value) is type(schema["const"])):
            errs.append("%s: %r is not %r" % (path, value, schema["const"]))
        if isinstance(value, str):
            if len(value) < schema.get("minLength", 0):
                errs.append("%s: %r is too short" % (path, value))
            if "pattern" in schema and not re.search(schema["pattern"], value):
                errs.append("%s: %r does not match %s" % (path, value, schema["pattern"]))
        if TYPES["number"](value):
            if "minimum" in schema and value < schema["minimum"]:
                errs.append("%s: %r is below %r" % (path, value, schema["minimum"]))
            if "multipleOf" in schema:
                q = value / schema["multipleOf"]
                if not math.isclose(q, round(q)):
                    errs.append("%s: %r is no multiple of %r" % (path, value, schema["multipleOf"]))
        if isinstance(value, list):
            if len(value) < schema.get("minItems", 0):
                errs.append("%s: fewer than %d items" % (path, schema["minItems"]))
            if "maxItems" in schema and len(value) > schema["maxItems"]:
                errs.append("%s: more than %d items" % (path, schema["maxItems"]))
            if schema.get("uniqueItems"):
                seen = [json.dumps(v, sort_keys=True) for v in value]
                if len(seen) != len(set(seen)):
                    errs.append("%s: items are not unique" % path)
            if "items" in schema:
                for i, v in enumerate(value):
                    errs += self.errors(v, schema["items"], "%s[%d]" % (path, i))
        if isinstance(value, dict):
            for k in schema.get("required", []):
                if k not in value:
                    errs.append("%s: member %r missing" % (path, k))
            props = schema.get("properties", {})
            for k, v in value.items():
                if "propertyNames" in schema:
                    errs += self.errors(k, schema["propertyNames"], "%s{%s}" % (path, k))
                if k in props:
                    errs += self.errors(v, props[k], "%s.%s" % (path, k))
                elif "additionalProperties" in schema:
                    errs += self.errors(v, schema["additionalProperties"], "%s.%s" % (path, k))
            for k, needs in schema.get("dependentRequired", {}).items():
                if k in value:
                    for n in needs:
                        if n not in value:
                            errs.append("%s: %r needs %r" % (path, k, n))
        for sub in schema.get("allOf", []):
            errs += self.errors(value, sub, path)
        if "anyOf" in schema and not any(not self.errors(value, s, path) for s in schema["anyOf"]):
            errs.append("%s: matches none of anyOf" % path)
        if "oneOf" in schema:
            n = sum(1 for s in schema["oneOf"] if not self.errors(value, s, path))
            if n != 1:
                errs.append("%s: matches %d of oneOf, not exactly 1" % (path, n))
        if "if" in schema:
            branch = "then" if not self.errors(value, schema["if"], path) else "else"
            if branch in schema:
                errs += self.errors(value, schema[branch], path)
        return errs


def make_validator(schema):
    """check(obj, kind): the problems of obj as a `kind` of the schema's
    $defs (document, game, summaryLine), so that messages name members."""
    subs = {}
    for kind in ("document", "game", "inputError", "summaryLine", "winnableDocument",
                 "winnableQuery", "winnableSummaryLine"):
        sub = {k: v for k, v in schema.items() if k != "oneOf"}
        sub["$ref"] = "#/$defs/" + kind
        subs[kind] = sub
    one = make_one(schema, subs)
    return one


def make_one(schema, subs):
    try:
        if os.environ.get("CHECK_REPORT_BUILTIN"):
            raise ImportError("the built-in validator was asked for")
        import jsonschema
        cls = jsonschema.Draft202012Validator
        cls.check_schema(schema)
        vs = {k: cls(sub) for k, sub in subs.items()}
        print("check_report: validated with the jsonschema package", file=sys.stderr)
        return lambda obj, kind: [
            "%s: %s" % ("$" + "".join("[%r]" % p for p in e.absolute_path), e.message)
            for e in vs[kind].iter_errors(obj)]
    except ImportError:
        print("check_report: validated with the built-in validator",
              file=sys.stderr)
        mv = MiniValidator(schema)
        return lambda obj, kind: mv.errors(obj, subs[kind])


def objects(text, name):
    """The report's objects and what kind of report it is."""
    stripped = text.strip()
    if not stripped:
        raise ValueError("%s: empty report" % name)
    try:
        whole = json.loads(stripped)
        if not (isinstance(whole, dict) and list(whole) == ["summary"]):
            return [whole], "json"   # else a JSONL report of its summary only
    except json.JSONDecodeError:
        pass
    objs = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                objs.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise ValueError("%s:%d: not JSON: %s" % (name, n, e))
    return objs, "jsonl"


def winnable_counts(name, summary, records, where):
    """vchess winnable: "queries" counts the records with an answer,
    "invalid" those with an error (one an input line that gave no query)."""
    out = []
    answers = sum(1 for o in records if isinstance(o, dict) and "answer" in o)
    errors = sum(1 for o in records if isinstance(o, dict) and "error" in o)
    if summary.get("queries") != answers:
        out.append("%s: summary counts %r queries, the %s has %d" %
                   (name, summary.get("queries"), where, answers))
    if summary.get("invalid") != errors:
        out.append("%s: summary counts %r invalid, the %s has %d error records" %
                   (name, summary.get("invalid"), where, errors))
    return out


def kind_of(obj, whole):
    """Which $defs entry an object of the report is: vchess winnable's
    reports have queries (answer) and a summary of queries."""
    d = obj if isinstance(obj, dict) else {}
    if whole:
        return "winnableDocument" if "queries" in d else "document"
    if "summary" in d:
        s = d["summary"] if isinstance(d["summary"], dict) else {}
        return "winnableSummaryLine" if "queries" in s else "summaryLine"
    if "input_error" in d:
        return "inputError"
    return "winnableQuery" if "answer" in d or ("fen" in d and "error" in d) else "game"


def main(argv):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    schema_path = os.path.join(root, "formats", "report-schema.json")
    if len(argv) >= 2 and argv[0] == "--schema":
        schema_path, argv = argv[1], argv[2:]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    check = make_validator(schema)
    inputs = [(p, open(p, encoding="utf-8").read()) for p in argv] or \
             [("-", sys.stdin.read())]
    problems, count = [], 0
    for name, text in inputs:
        try:
            objs, kind = objects(text, name)
        except ValueError as e:
            problems.append(str(e))
            continue
        for i, obj in enumerate(objs, 1):
            count += 1
            what = kind_of(obj, kind == "json")
            problems += ["%s: object %d (%s): %s" % (name, i, what, e)
                         for e in check(obj, what)]
        if kind == "jsonl":
            errs = [o for o in objs if isinstance(o, dict) and "input_error" in o]
            games = [o for o in objs if isinstance(o, dict) and "summary" not in o
                     and "input_error" not in o]
            sums = [i for i, o in enumerate(objs) if isinstance(o, dict) and "summary" in o]
            unit = "queries" if any(isinstance(o, dict) and "answer" in o for o in games) or \
                (sums and "queries" in objs[sums[-1]].get("summary", {})) else "games"
            if sums != [len(objs) - 1]:
                problems.append("%s: the summary must be the last line, once" % name)
            elif unit == "queries":
                problems += winnable_counts(name, objs[-1]["summary"], games, "report")
            elif games and objs[-1]["summary"].get(unit) != len(games):
                problems.append("%s: summary counts %r %s, the report has %d" %
                                (name, objs[-1]["summary"].get(unit), unit, len(games)))
            elif errs and objs[-1]["summary"].get("input_errors") != len(errs):
                problems.append("%s: summary counts %r input errors, the report has %d" %
                                (name, objs[-1]["summary"].get("input_errors"), len(errs)))
        else:
            doc = objs[0]
            unit = "queries" if isinstance(doc, dict) and "queries" in doc else "games"
            if unit == "queries" and isinstance(doc.get(unit), list) and \
               isinstance(doc.get("summary"), dict):
                problems += winnable_counts(name, doc["summary"], doc[unit], "document")
            elif isinstance(doc, dict) and isinstance(doc.get(unit), list) and doc[unit]:
                recs = [g for g in doc[unit] if isinstance(g, dict) and "input_error" in g]
                games = len(doc[unit]) - len(recs)
                s = doc.get("summary", {})
                if s.get(unit) != games:
                    problems.append("%s: summary counts %r %s, the document has %d" %
                                    (name, s.get(unit), unit, games))
                if recs and s.get("input_errors") != len(recs):
                    problems.append("%s: summary counts %r input errors, the document "
                                    "has %d" % (name, s.get("input_errors"), len(recs)))
    for p in problems:
        print(p)
    if problems:
        return 1
    print("%d objects match the report schema" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
