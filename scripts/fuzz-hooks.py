"""Schemathesis extensions for `scripts/fuzz.ts`, loaded through `fuzz.schemathesis.toml`.

- Phone numbers have `format: phone` in the OpenAPI document: whether a number exists in its country's
  numbering plan (libphonenumber) is not a pattern. Valid examples are drawn from this strategy: Czech
  and Slovak mobile numbers, written with and without separators.
- Every request gets a client address of its own (see `before_call`).
"""

import itertools
import random

import schemathesis
from hypothesis import strategies as st

_czech_mobile = r"\+420 ?(?:60[1-8]|7[2379][0-9]) ?[0-9]{3} ?[0-9]{3}"
_slovak_mobile = r"\+421 ?9(?:0[1-8]|1[0124-9]) ?[0-9]{3} ?[0-9]{3}"

schemathesis.openapi.format(
    "phone",
    st.from_regex(_czech_mobile, fullmatch=True) | st.from_regex(_slovak_mobile, fullmatch=True),
)


# A random start: every run of the script starts Schemathesis afresh, and the budgets last ten minutes.
_clients = itertools.count(random.randrange(1 << 24))


@schemathesis.hook
def before_call(context, case, kwargs):
    """A client address of its own for every request (the API trusts X-Forwarded-For from loopback).

    Sign-up, contact and the password operations allow each address a few calls per ten minutes; from
    one address the fuzzer would mostly test the rate limiter.
    """
    number = next(_clients) % (1 << 24)
    address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
    case.headers = {**(case.headers or {}), "X-Forwarded-For": address}
