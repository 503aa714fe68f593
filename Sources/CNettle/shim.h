#ifndef TRAQT_CNETTLE_SHIM_H
#define TRAQT_CNETTLE_SHIM_H
// Debian's nettle-dev: SHA-256, and ECDSA over P-256 (hogweed, with GMP) for
// the provider tokens of APNs senders. What is here only moves bytes in and
// out of nettle's and GMP's types; every check of a key or a signature is
// nettle's own.
#include <stdint.h>
#include <string.h>
#include <nettle/sha2.h>
#include <nettle/asn1.h>
#include <nettle/bignum.h>
#include <nettle/ecc.h>
#include <nettle/ecc-curve.h>
#include <nettle/dsa.h>
#include <nettle/ecdsa.h>
#include <nettle/base64.h>

// The uncompressed point (0x04, X, Y: 65 bytes) of a DER SubjectPublicKeyInfo
// (RFC 5480) of an id-ecPublicKey on prime256v1; 1 when `der` is one, else 0.
static inline int traqt_p256_point_of_spki(const uint8_t *der, size_t length, uint8_t point[65]) {
    static const uint8_t ec_public_key[] = {0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01};
    static const uint8_t prime256v1[] = {0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07};
    struct asn1_der_iterator outer, algorithm, key;
    if (nettle_asn1_der_iterator_first(&outer, length, der) != ASN1_ITERATOR_CONSTRUCTED
        || outer.type != ASN1_SEQUENCE || outer.pos != length
        || nettle_asn1_der_decode_constructed(&outer, &algorithm) != ASN1_ITERATOR_CONSTRUCTED
        || algorithm.type != ASN1_SEQUENCE
        || nettle_asn1_der_decode_constructed(&algorithm, &key) != ASN1_ITERATOR_PRIMITIVE
        || key.type != ASN1_IDENTIFIER || key.length != sizeof ec_public_key
        || memcmp(key.data, ec_public_key, sizeof ec_public_key) != 0
        || nettle_asn1_der_iterator_next(&key) != ASN1_ITERATOR_PRIMITIVE
        || key.type != ASN1_IDENTIFIER || key.length != sizeof prime256v1
        || memcmp(key.data, prime256v1, sizeof prime256v1) != 0
        || nettle_asn1_der_iterator_next(&key) != ASN1_ITERATOR_END
        || nettle_asn1_der_iterator_next(&algorithm) != ASN1_ITERATOR_PRIMITIVE
        || algorithm.type != ASN1_BITSTRING || algorithm.length != 66 || algorithm.data[0] != 0
        || algorithm.data[1] != 0x04
        || nettle_asn1_der_iterator_next(&algorithm) != ASN1_ITERATOR_END)
        return 0;
    memcpy(point, algorithm.data + 1, 65);
    return 1;
}

// Whether `point` (0x04, X, Y) is a point of P-256: nettle checks it is on the curve.
static inline int traqt_p256_point_is_valid(const uint8_t point[65]) {
    if (point[0] != 0x04) return 0;
    mpz_t x, y;
    struct ecc_point key;
    nettle_mpz_init_set_str_256_u(x, 32, point + 1);
    nettle_mpz_init_set_str_256_u(y, 32, point + 33);
    nettle_ecc_point_init(&key, nettle_get_secp_256r1());
    int valid = nettle_ecc_point_set(&key, x, y);
    nettle_ecc_point_clear(&key);
    mpz_clear(x);
    mpz_clear(y);
    return valid;
}

// Whether `signature` (r then s, 32 bytes each, as JWS's ES256 puts it) is
// the P-256 ECDSA signature of `digest` (SHA-256, 32 bytes) by the key whose
// uncompressed point is `point`; 0 also when the point is not on the curve.
static inline int traqt_p256_verify(const uint8_t point[65], const uint8_t digest[32], const uint8_t signature[64]) {
    if (point[0] != 0x04) return 0;
    mpz_t x, y;
    struct dsa_signature parts;
    struct ecc_point key;
    nettle_mpz_init_set_str_256_u(x, 32, point + 1);
    nettle_mpz_init_set_str_256_u(y, 32, point + 33);
    nettle_dsa_signature_init(&parts);
    nettle_mpz_set_str_256_u(parts.r, 32, signature);
    nettle_mpz_set_str_256_u(parts.s, 32, signature + 32);
    nettle_ecc_point_init(&key, nettle_get_secp_256r1());
    int valid = nettle_ecc_point_set(&key, x, y) && nettle_ecdsa_verify(&key, 32, digest, &parts);
    nettle_ecc_point_clear(&key);
    nettle_dsa_signature_clear(&parts);
    mpz_clear(x);
    mpz_clear(y);
    return valid;
}
#endif
