#!/usr/bin/env python3
"""Provider tokens as APNs senders make them, by PyPI's PyJWT with the
`cryptography` package: a new P-256 key, its public half as PEM, and tokens
that APNs would take or refuse. Prints one JSON object; `now` is the moment
the tokens are made for (argv[1], seconds since the epoch)."""
import json
import sys

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

now = int(sys.argv[1])
team, kid = "TEAM123456", "KEY1234567"
key = ec.generate_private_key(ec.SECP256R1())
other = ec.generate_private_key(ec.SECP256R1())


def pem_public(private):
    return private.public_key().public_bytes(serialization.Encoding.PEM,
                                             serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def token(claims=None, headers=None, signer=key, algorithm="ES256"):
    return jwt.encode(claims or {"iss": team, "iat": now}, signer, algorithm=algorithm,
                      headers=headers or {"kid": kid})


valid = token()
header, claims, signature = valid.split(".")
tampered_claims = jwt.utils.base64url_encode(json.dumps({"iss": team, "iat": now + 1}).encode()).decode()
print(json.dumps({
    "team": team,
    "kid": kid,
    "public": pem_public(key),
    "private": key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                 serialization.NoEncryption()).decode(),
    "otherPublic": pem_public(other),
    "p384Public": pem_public(ec.generate_private_key(ec.SECP384R1())),
    "rsaPublic": pem_public(rsa.generate_private_key(public_exponent=65537, key_size=2048)),
    "valid": valid,
    "validFiftyNineMinutesOld": token({"iss": team, "iat": now - 3540}),
    "validSecondsAhead": token({"iss": team, "iat": now + 30}),
    "expired": token({"iss": team, "iat": now - 3601}),
    "ahead": token({"iss": team, "iat": now + 120}),
    "otherTeam": token({"iss": "OTHERTEAM1", "iat": now}),
    "signedByOther": token(signer=other),
    "hs256": jwt.encode({"iss": team, "iat": now}, "secret", algorithm="HS256", headers={"kid": kid}),
    "none": jwt.encode({"iss": team, "iat": now}, None, algorithm="none", headers={"kid": kid}),
    "tampered": ".".join([header, tampered_claims, signature]),
    "noKid": jwt.encode({"iss": team, "iat": now}, key, algorithm="ES256"),
    "noIat": token({"iss": team}),
}))
