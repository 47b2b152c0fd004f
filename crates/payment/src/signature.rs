//! Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=...]`
//! over `{t}.{payload}` with the endpoint's signing secret.

use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// How far the signed timestamp may be from now (Stripe's default, 5 minutes).
pub const WEBHOOK_TOLERANCE: Duration = Duration::seconds(300);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the signature header has no timestamp")]
    MissingTimestamp,
    #[error("the signature header has no v1 signature")]
    MissingSignature,
    #[error("no v1 signature matches the payload")]
    Mismatch,
    #[error("the signed timestamp is outside the tolerance")]
    OutsideTolerance,
}

/// Checks a `Stripe-Signature` header: one of its `v1` values must be the HMAC-SHA256 of
/// `{t}.{payload}` under `secret` (compared in constant time), and `t` within `tolerance` of `now`.
/// Returns the signed timestamp.
pub fn verify_stripe_signature(
    payload: &[u8],
    header: &str,
    secret: &str,
    tolerance: Duration,
    now: DateTime<Utc>,
) -> Result<i64, SignatureError> {
    let mut timestamp: Option<&str> = None;
    let mut signatures: Vec<Vec<u8>> = Vec::new();
    for item in header.split(',') {
        let Some((key, value)) = item.trim().split_once('=') else { continue };
        match key.trim() {
            "t" if timestamp.is_none() => timestamp = Some(value.trim()),
            "v1" => signatures.extend(hex::decode(value.trim()).ok()),
            _ => {}
        }
    }
    let t_text = timestamp.ok_or(SignatureError::MissingTimestamp)?;
    let t: i64 = t_text.parse().map_err(|_| SignatureError::MissingTimestamp)?;
    if signatures.is_empty() {
        return Err(SignatureError::MissingSignature);
    }
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).map_err(|_| SignatureError::Mismatch)?;
    mac.update(t_text.as_bytes());
    mac.update(b".");
    mac.update(payload);
    let expected: [u8; 32] = mac.finalize().into_bytes().into();
    // Check every candidate, so the time taken does not depend on which one matches.
    let matched = signatures.iter().fold(subtle::Choice::from(0), |found, candidate| found | expected[..].ct_eq(candidate));
    if !bool::from(matched) {
        return Err(SignatureError::Mismatch);
    }
    let age = now.timestamp().saturating_sub(t);
    if age.unsigned_abs() > tolerance.num_seconds().unsigned_abs() {
        return Err(SignatureError::OutsideTolerance);
    }
    Ok(t)
}

/// Signs `payload` as Stripe does: the hex `v1` value (for tests and tools).
pub fn sign_stripe_payload(payload: &[u8], secret: &str, timestamp: i64) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes()).unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
    mac.update(format!("{timestamp}.").as_bytes());
    mac.update(payload);
    hex::encode(mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"payment_intent.succeeded"}"#;

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_780_000_000, 0).expect("time")
    }

    fn header(t: i64, signatures: &[String]) -> String {
        let mut parts = vec![format!("t={t}")];
        parts.extend(signatures.iter().map(|s| format!("v1={s}")));
        parts.join(",")
    }

    fn verify(body: &[u8], header: &str, secret: &str) -> Result<i64, SignatureError> {
        verify_stripe_signature(body, header, secret, WEBHOOK_TOLERANCE, now())
    }

    #[test]
    fn valid_signature_passes() {
        let t = now().timestamp() - 10;
        assert_eq!(verify(BODY, &header(t, &[sign_stripe_payload(BODY, SECRET, t)]), SECRET), Ok(t));
        // Stripe also sends a v0 (test) signature and spaces are tolerated.
        let h = format!("t={t}, v0=deadbeef, v1={}", sign_stripe_payload(BODY, SECRET, t));
        assert_eq!(verify(BODY, &h, SECRET), Ok(t));
    }

    #[test]
    fn wrong_secret_is_refused() {
        let t = now().timestamp();
        assert_eq!(verify(BODY, &header(t, &[sign_stripe_payload(BODY, "whsec_other", t)]), SECRET), Err(SignatureError::Mismatch));
    }

    #[test]
    fn tampered_body_is_refused() {
        let t = now().timestamp();
        let h = header(t, &[sign_stripe_payload(BODY, SECRET, t)]);
        let tampered = br#"{"id":"evt_1","type":"payment_intent.succeeded","x":1}"#;
        assert_eq!(verify(tampered, &h, SECRET), Err(SignatureError::Mismatch));
        // Nor may the timestamp be changed under the same signature.
        let moved = header(t + 1, &[sign_stripe_payload(BODY, SECRET, t)]);
        assert_eq!(verify(BODY, &moved, SECRET), Err(SignatureError::Mismatch));
    }

    #[test]
    fn stale_or_future_timestamps_are_refused() {
        let stale = now().timestamp() - 301;
        assert_eq!(
            verify(BODY, &header(stale, &[sign_stripe_payload(BODY, SECRET, stale)]), SECRET),
            Err(SignatureError::OutsideTolerance)
        );
        let edge = now().timestamp() - 300;
        assert_eq!(verify(BODY, &header(edge, &[sign_stripe_payload(BODY, SECRET, edge)]), SECRET), Ok(edge));
        let future = now().timestamp() + 3600;
        assert_eq!(
            verify(BODY, &header(future, &[sign_stripe_payload(BODY, SECRET, future)]), SECRET),
            Err(SignatureError::OutsideTolerance)
        );
    }

    #[test]
    fn any_of_several_v1_values_may_match() {
        let t = now().timestamp();
        let good = sign_stripe_payload(BODY, SECRET, t);
        let rolled = sign_stripe_payload(BODY, "whsec_old_secret", t);
        assert_eq!(verify(BODY, &header(t, &[rolled.clone(), good.clone()]), SECRET), Ok(t));
        assert_eq!(verify(BODY, &header(t, &[good, rolled.clone()]), SECRET), Ok(t));
        assert_eq!(verify(BODY, &header(t, &[rolled, "zz-not-hex".into()]), SECRET), Err(SignatureError::Mismatch));
    }

    #[test]
    fn malformed_headers_are_refused() {
        let t = now().timestamp();
        assert_eq!(verify(BODY, "", SECRET), Err(SignatureError::MissingTimestamp));
        assert_eq!(verify(BODY, &format!("v1={}", sign_stripe_payload(BODY, SECRET, t)), SECRET), Err(SignatureError::MissingTimestamp));
        assert_eq!(verify(BODY, "t=abc,v1=00", SECRET), Err(SignatureError::MissingTimestamp));
        assert_eq!(verify(BODY, &format!("t={t}"), SECRET), Err(SignatureError::MissingSignature));
        assert_eq!(verify(BODY, &format!("t={t},v1=abc"), SECRET), Err(SignatureError::MissingSignature));
    }
}
