use chrono::{DateTime, Duration, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use mandir_application::ports::{IssuedToken, TokenError, TokenIssuer, TokenSubject, VerifiedToken};
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    /// Unique per token: what signing out revokes. Tokens without one are refused.
    jti: String,
    ver: i32,
    iat: i64,
    exp: i64,
    iss: String,
}

const ISSUER: &str = "mandir";

/// HS256 session tokens with an expiry; the algorithm is fixed on verification.
#[derive(Clone)]
pub struct JwtTokenIssuer {
    encoding: EncodingKey,
    decoding: DecodingKey,
    lifetime: Duration,
}

impl JwtTokenIssuer {
    pub fn new(secret: &[u8], lifetime: Duration) -> Self {
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), lifetime }
    }

    fn validation() -> Validation {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_required_spec_claims(&["exp", "sub", "iss"]);
        validation.leeway = 30;
        validation
    }
}

impl TokenIssuer for JwtTokenIssuer {
    fn issue(&self, subject: &TokenSubject) -> Result<IssuedToken, TokenError> {
        let now = Utc::now();
        let expires_at = now + self.lifetime;
        let claims = Claims {
            sub: subject.user_id.to_string(),
            jti: uuid::Uuid::new_v4().to_string(),
            ver: subject.version,
            iat: now.timestamp(),
            exp: expires_at.timestamp(),
            iss: ISSUER.to_owned(),
        };
        let token = encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).map_err(|e| TokenError(e.into()))?;
        Ok(IssuedToken { token, expires_at })
    }

    fn verify(&self, token: &str) -> Option<VerifiedToken> {
        let claims = decode::<Claims>(token, &self.decoding, &Self::validation()).ok()?.claims;
        if claims.jti.is_empty() || claims.jti.len() > 64 {
            return None;
        }
        let expires_at = DateTime::<Utc>::from_timestamp(claims.exp, 0)?;
        Some(VerifiedToken { subject: TokenSubject { user_id: claims.sub.into(), version: claims.ver }, id: claims.jti, expires_at })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subject() -> TokenSubject {
        TokenSubject { user_id: "u1".into(), version: 3 }
    }

    #[test]
    fn round_trips() {
        let issuer = JwtTokenIssuer::new(b"0123456789abcdef0123456789abcdef", Duration::hours(1));
        let token = issuer.issue(&subject()).expect("issued");
        let verified = issuer.verify(&token.token).expect("verified");
        assert_eq!(verified.subject, subject());
        assert_eq!(verified.expires_at.timestamp(), token.expires_at.timestamp());
        let other = issuer.verify(&issuer.issue(&subject()).expect("issued").token).expect("verified");
        assert_ne!(verified.id, other.id, "every token has its own id");
    }

    #[test]
    fn refuses_tokens_without_an_id() {
        // Signed with the right key, but issued before tokens had a `jti`.
        #[derive(Serialize)]
        struct Old {
            sub: String,
            ver: i32,
            iat: i64,
            exp: i64,
            iss: String,
        }
        let secret = b"0123456789abcdef0123456789abcdef";
        let issuer = JwtTokenIssuer::new(secret, Duration::hours(1));
        let now = Utc::now().timestamp();
        let old = Old { sub: "u1".into(), ver: 3, iat: now, exp: now + 3600, iss: ISSUER.into() };
        let token = encode(&Header::new(Algorithm::HS256), &old, &EncodingKey::from_secret(secret)).expect("encoded");
        assert_eq!(issuer.verify(&token), None);
    }

    #[test]
    fn refuses_other_secret_expired_and_garbage() {
        let issuer = JwtTokenIssuer::new(b"0123456789abcdef0123456789abcdef", Duration::hours(1));
        let other = JwtTokenIssuer::new(b"ffffffffffffffffffffffffffffffff", Duration::hours(1));
        let token = other.issue(&subject()).expect("issued");
        assert_eq!(issuer.verify(&token.token), None);
        let expired = JwtTokenIssuer::new(b"0123456789abcdef0123456789abcdef", Duration::hours(-2));
        let token = expired.issue(&subject()).expect("issued");
        assert_eq!(issuer.verify(&token.token), None);
        assert_eq!(issuer.verify("not.a.token"), None);
    }

    #[test]
    fn refuses_unsigned_tokens() {
        // alg "none": header {"alg":"none","typ":"JWT"}
        let issuer = JwtTokenIssuer::new(b"0123456789abcdef0123456789abcdef", Duration::hours(1));
        let forged =
            "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ1MSIsInZlciI6MCwiaWF0IjoxLCJleHAiOjk5OTk5OTk5OTksImlzcyI6Im1hbmRpciJ9.";
        assert_eq!(issuer.verify(forged), None);
    }
}
