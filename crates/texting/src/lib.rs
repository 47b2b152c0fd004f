//! Text message adapters for the application's `TextMessenger` port (ADR 0148):
//! [`TwilioMessenger`] sends SMS and WhatsApp messages through Twilio's Messaging API and checks
//! the `X-Twilio-Signature` of its inbound webhooks (replies such as STOP, delivery statuses);
//! [`FolderMessenger`] writes each text as a `.txt` file into a folder, for development and tests,
//! where there is no provider to send or sign anything (the server refuses it in production).

mod folder;
mod signature;
mod twilio;

pub use folder::FolderMessenger;
pub use signature::{sign_twilio_request, verify_twilio_signature};
pub use twilio::{DEFAULT_TIMEOUT, TWILIO_API_BASE, TwilioConfig, TwilioConfigError, TwilioMessenger};
