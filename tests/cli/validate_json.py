#!/usr/bin/env python3
"""validate_json.py SCHEMA_DIR FILE...: checks every clbench JSON file against the schema its
"schema" and "schema_version" name (SCHEMA_DIR/<schema>.v<version>.schema.json).  Files that
are not JSON, or not of a clbench schema, are skipped: tests also write deliberately broken
files.  Prints one line per invalid file and exits 1 if there was one."""
import json
import os
import sys

import jsonschema


def inline_refs(node, defs):
    """The schema with every local "#/$defs/x" replaced by its definition: jsonschema resolves
    a $ref on every use, which made checking results/ several times slower."""
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        if ref.startswith("#/$defs/") and len(node) == 1:
            return inline_refs(defs[ref[len("#/$defs/"):]], defs)
        return {k: inline_refs(v, defs) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [inline_refs(v, defs) for v in node]
    return node


NUMBER_TYPES = {"number": (int, float), "integer": (int,)}


def numbers_items(original):
    """The "items" keyword, with arrays of numbers against {"type": "number" or "integer"} and an
    optional "minimum" checked in one loop: run files hold millions of timing samples, and
    jsonschema's per-element descent made them most of the check's time.  Anything else, or an
    element that fails, goes to jsonschema's own keyword (the same verdict and message)."""
    def items(validator, item_schema, instance, schema):
        kinds = NUMBER_TYPES.get(item_schema.get("type")) if isinstance(item_schema, dict) else None
        if (kinds and isinstance(instance, list) and "prefixItems" not in schema
                and set(item_schema) <= {"type", "minimum", "description"}):
            low = item_schema.get("minimum")
            if all(isinstance(x, kinds) and not isinstance(x, bool) and (low is None or x >= low)
                   for x in instance):
                return
        yield from original(validator, item_schema, instance, schema)
    return items


Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    {"items": numbers_items(jsonschema.Draft202012Validator.VALIDATORS["items"])})


def main():
    schema_dir, files = sys.argv[1], sys.argv[2:]
    validators, bad, checked = {}, 0, 0
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError):
            continue
        if not isinstance(doc, dict) or not str(doc.get("schema", "")).startswith("clbench-"):
            continue
        name = "%s.v%s.schema.json" % (doc["schema"], doc.get("schema_version"))
        if name not in validators:
            schema_path = os.path.join(schema_dir, name)
            if not os.path.exists(schema_path):
                validators[name] = None
            else:
                with open(schema_path, encoding="utf-8") as f:
                    schema = json.load(f)
                jsonschema.Draft202012Validator.check_schema(schema)
                validators[name] = Validator(
                    inline_refs(schema, schema.get("$defs", {})))
        checked += 1
        if validators[name] is None:
            print("%s: no schema %s in %s" % (path, name, schema_dir))
            bad += 1
            continue
        for err in validators[name].iter_errors(doc):
            where = "/".join(str(p) for p in err.absolute_path)
            print("%s: at /%s: %s" % (path, where, err.message[:300]))
            bad += 1
            break
    print("validate_json: %d file(s) checked, %d invalid" % (checked, bad), file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
