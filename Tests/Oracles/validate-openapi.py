#!/usr/bin/env python3
"""Validates an OpenAPI 3.1 document, for traqt's OpenAPI tests.

Usage: validate-openapi.py FILE

Reads FILE as JSON and checks it with PyPI's openapi-spec-validator against
the OpenAPI 3.1 schema (named, so that a document claiming another version
is not checked by other rules), $refs resolved. Prints every error and exits
1 when it is not valid; exits non-zero, with the reason on stderr, when the
package is missing or is not the version .ci/run installs.
"""

import importlib.metadata
import json
import sys

PINNED = "0.9.0"

try:
    from openapi_spec_validator import OpenAPIV31SpecValidator
except ImportError as error:
    sys.exit(f"{error}: .ci/run installs openapi-spec-validator {PINNED}")

installed = importlib.metadata.version("openapi-spec-validator")
if installed != PINNED:
    sys.exit(f"openapi-spec-validator {installed} is installed; the tests are for {PINNED} (.ci/run installs it)")

with open(sys.argv[1], encoding="utf-8") as file:
    document = json.load(file)

errors = list(OpenAPIV31SpecValidator(document).iter_errors())
for error in errors:
    print(f"{'/'.join(str(part) for part in error.absolute_path)}: {error.message}")
sys.exit(1 if errors else 0)
