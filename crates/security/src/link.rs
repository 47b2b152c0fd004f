use hmac::{Hmac, Mac};
use mandir_application::ports::LinkSigner;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Signs links (the receipt page's `?sig=`) with HMAC-SHA256 under a key derived from the server
/// secret for this one purpose, so a link signature is never a session token's.
#[derive(Clone)]
pub struct HmacLinkSigner {
    key: Vec<u8>,
}

impl HmacLinkSigner {
    /// `purpose` separates keys derived from the same secret.
    pub fn new(secret: &[u8], purpose: &str) -> Self {
        let mut mac = HmacSha256::new_from_slice(secret).unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(purpose.as_bytes());
        Self { key: mac.finalize().into_bytes().to_vec() }
    }

    fn mac(&self, subject: &str) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(subject.as_bytes());
        mac
    }
}

impl LinkSigner for HmacLinkSigner {
    fn sign(&self, subject: &str) -> String {
        hex::encode(self.mac(subject).finalize().into_bytes())
    }

    fn verify(&self, subject: &str, signature: &str) -> bool {
        match hex::decode(signature) {
            Ok(bytes) => self.mac(subject).verify_slice(&bytes).is_ok(),
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_fits_its_subject_key_and_purpose_only() {
        let signer = HmacLinkSigner::new(b"secret", "receipt-link");
        let sig = signer.sign("AUTO-1-7");
        assert_eq!(sig.len(), 64);
        assert!(signer.verify("AUTO-1-7", &sig));
        assert!(!signer.verify("AUTO-1-8", &sig));
        assert!(!signer.verify("AUTO-1-7", "not hex"));
        assert!(!signer.verify("AUTO-1-7", &sig[..62]));
        assert!(!HmacLinkSigner::new(b"other", "receipt-link").verify("AUTO-1-7", &sig));
        assert!(!HmacLinkSigner::new(b"secret", "other-purpose").verify("AUTO-1-7", &sig));
    }
}
