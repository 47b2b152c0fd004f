//! Which permission each staff operation needs, as the API document states it: its bearer
//! requirement lists the roles that hold the permission (OpenAPI 3.1 allows role names there), and
//! `x-permission` names it. The use cases check the same permission themselves
//! (`Actor::require`); the authorization matrix test calls every operation as every role and
//! compares the answers with this document and with its own table.

use mandir_domain::staff::Permission;
use utoipa::Modify;
use utoipa::openapi::OpenApi as Document;
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::security::SecurityRequirement;

use crate::path_items::operations_mut;

/// Operations only staff may call, and the permission each needs.
pub const STAFF_OPERATIONS: &[(&str, Permission)] = &[
    // events
    ("createEvent", Permission::EditContent),
    ("updateEvent", Permission::EditContent),
    ("deleteEvent", Permission::EditContent),
    ("forceDeleteEvent", Permission::EditContent),
    // registrations and the door
    ("listEventAttendees", Permission::ReadAttendees),
    ("listEventWaitlist", Permission::ReadAttendees),
    ("exportEventAttendees", Permission::ExportMembers),
    ("checkInAttendee", Permission::DoorDuty),
    ("eventDoorList", Permission::DoorDuty),
    ("searchDoor", Permission::DoorDuty),
    ("doorChanges", Permission::DoorDuty),
    ("checkInByCode", Permission::DoorDuty),
    ("addWalkIn", Permission::DoorDuty),
    ("removeWalkIn", Permission::DoorDuty),
    // volunteers
    ("listEventVolunteers", Permission::ManageVolunteers),
    ("exportEventVolunteers", Permission::ManageVolunteers),
    // festival volunteering: the plan, the board
    ("setVolunteerDropCutoff", Permission::ManageVolunteers),
    ("copyVolunteerPlan", Permission::ManageVolunteers),
    ("addVolunteerRole", Permission::ManageVolunteers),
    ("updateVolunteerRole", Permission::ManageVolunteers),
    ("deleteVolunteerRole", Permission::ManageVolunteers),
    ("addVolunteerShift", Permission::ManageVolunteers),
    ("updateVolunteerShift", Permission::ManageVolunteers),
    ("deleteVolunteerShift", Permission::ManageVolunteers),
    ("getVolunteerBoard", Permission::ManageVolunteers),
    ("moveShiftSignup", Permission::ManageVolunteers),
    ("markShiftAttendance", Permission::ManageVolunteers),
    ("declineShiftDrop", Permission::ManageVolunteers),
    ("messageVolunteers", Permission::ManageVolunteers),
    ("shiftSignInSheet", Permission::ManageVolunteers),
    ("listDoorStaff", Permission::ManageVolunteers),
    ("grantDoorDuty", Permission::ManageVolunteers),
    ("revokeDoorDuty", Permission::ManageVolunteers),
    // imports (admins)
    ("inspectImportFile", Permission::ImportData),
    ("dryRunImport", Permission::ImportData),
    ("importReportCsv", Permission::ImportData),
    ("runImport", Permission::ImportData),
    ("listImports", Permission::ImportData),
    ("undoImport", Permission::ImportData),
    ("listImportMappings", Permission::ImportData),
    ("saveImportMapping", Permission::ImportData),
    ("deleteImportMapping", Permission::ImportData),
    // the books: the chart of accounts, its mappings, exports for QuickBooks
    ("listLedgerAccounts", Permission::ManageFunds),
    ("createLedgerAccount", Permission::ManageFunds),
    ("updateLedgerAccount", Permission::ManageFunds),
    ("getAccountMappings", Permission::ManageFunds),
    ("setAccountMapping", Permission::ManageFunds),
    ("previewAccountingExport", Permission::ExportFinances),
    ("createAccountingExport", Permission::ExportFinances),
    ("listAccountingExports", Permission::ExportFinances),
    ("downloadAccountingExport", Permission::ExportFinances),
    ("listPayouts", Permission::ReadLedger),
    ("getPayout", Permission::ReadLedger),
    ("reconcilePayouts", Permission::ReconcilePayments),
    // the reports
    ("getGivingReport", Permission::ReadLedger),
    ("getActivityReport", Permission::ReadLedger),
    ("exportGivingReport", Permission::ReadLedger),
    ("exportActivityReport", Permission::ReadLedger),
    // the catalogues of money
    ("createDonationType", Permission::ManageFunds),
    ("updateDonationType", Permission::ManageFunds),
    ("deleteDonationType", Permission::ManageFunds),
    ("createFund", Permission::ManageFunds),
    ("updateFund", Permission::ManageFunds),
    ("sendPledgeReminders", Permission::ManageFunds),
    ("assignPledgeGift", Permission::ManageFunds),
    ("unassignPledgeGift", Permission::ManageFunds),
    ("listPledges", Permission::ReadLedger),
    ("listRecurringGifts", Permission::ReadLedger),
    ("listPaymentMethods", Permission::ManageFunds),
    ("createPaymentMethod", Permission::ManageFunds),
    ("updatePaymentMethod", Permission::ManageFunds),
    ("deletePaymentMethod", Permission::ManageFunds),
    // the ledger
    ("listPayments", Permission::ReadLedger),
    ("getPaymentLedger", Permission::ReadLedger),
    ("getPaymentAudit", Permission::ReadLedger),
    ("listReceiptEmails", Permission::ReadLedger),
    ("resendReceipt", Permission::ReadLedger),
    ("getPaymentTotals", Permission::ReadLedger),
    ("listMemberPayments", Permission::ReadLedger),
    ("exportPaymentLedger", Permission::ExportFinances),
    ("setPaymentStatus", Permission::ReconcilePayments),
    ("refundPayment", Permission::Refund),
    ("sendStatements", Permission::SendStatements),
    // the counter
    ("findCounterPeople", Permission::FindMembers),
    ("getWalkInStatement", Permission::Counter),
    ("createCounterSale", Permission::Counter),
    ("getCounterSale", Permission::Counter),
    ("voidCounterSale", Permission::VoidSales),
    ("createCardCharge", Permission::Counter),
    ("getCardCharge", Permission::Counter),
    ("confirmSandboxCardCharge", Permission::Counter),
    ("refundCardCharge", Permission::Counter),
    ("createCheckBatch", Permission::CountCollections),
    // the cash office
    ("listCollections", Permission::CountCollections),
    ("createCollection", Permission::CountCollections),
    ("getCollection", Permission::CountCollections),
    ("updateCollection", Permission::CountCollections),
    ("deleteCollection", Permission::CountCollections),
    ("confirmCollection", Permission::CountCollections),
    ("getDrawer", Permission::Counter),
    ("closeDrawer", Permission::Counter),
    ("listDrawerCloses", Permission::Counter),
    ("listUndeposited", Permission::MakeDeposits),
    ("listDeposits", Permission::MakeDeposits),
    ("createDeposit", Permission::MakeDeposits),
    ("getDeposit", Permission::MakeDeposits),
    ("clearDeposit", Permission::MakeDeposits),
    ("deleteDeposit", Permission::MakeDeposits),
    ("getDailyReport", Permission::ReadDailyReport),
    ("getStatementProgress", Permission::SendStatements),
    ("printStatements", Permission::SendStatements),
    // services, priests and the site's texts
    ("createService", Permission::EditContent),
    // festivals by the lunar calendar
    ("listFestivalRules", Permission::EditContent),
    ("createFestivalRule", Permission::EditContent),
    ("updateFestivalRule", Permission::EditContent),
    ("deleteFestivalRule", Permission::EditContent),
    ("previewFestivalEvents", Permission::EditContent),
    ("createFestivalEvents", Permission::EditContent),
    ("updateService", Permission::EditContent),
    ("deleteService", Permission::EditContent),
    ("createPriest", Permission::EditContent),
    ("updatePriest", Permission::EditContent),
    ("deletePriest", Permission::EditContent),
    ("reorderPriests", Permission::EditContent),
    ("updateSite", Permission::EditContent),
    ("listNotices", Permission::EditContent),
    ("createNotice", Permission::EditContent),
    ("updateNotice", Permission::EditContent),
    ("deleteNotice", Permission::EditContent),
    // sevas
    ("createSeva", Permission::ManageSevas),
    ("updateSeva", Permission::ManageSevas),
    ("deleteSeva", Permission::ManageSevas),
    ("updateSevaSettings", Permission::ManageSevas),
    ("assignSevaPriest", Permission::SevaDesk),
    ("getSevaSchedule", Permission::SevaDesk),
    ("exportSevaSchedule", Permission::SevaDesk),
    ("completeSevaBooking", Permission::CompleteSevas),
    ("listMyAssignedSevas", Permission::OwnSevas),
    // members
    ("listMembers", Permission::FindMembers),
    ("getMember", Permission::FindMembers),
    ("exportMembers", Permission::ExportMembers),
    // staff, the audit log and the job queue
    ("grantAdmin", Permission::ManageStaff),
    ("revokeAdmin", Permission::ManageStaff),
    ("listStaff", Permission::ManageStaff),
    ("setStaffRoles", Permission::ManageStaff),
    ("linkPriestAccount", Permission::ManageStaff),
    ("listStaffInvitations", Permission::ManageStaff),
    ("inviteStaff", Permission::ManageStaff),
    ("withdrawStaffInvitation", Permission::ManageStaff),
    ("listAudit", Permission::ReadAudit),
    ("exportAudit", Permission::ReadAudit),
    ("listJobs", Permission::RunJobs),
    // texting: what it costs each month, and the texts sent
    ("getTextingOverview", Permission::ManageTexting),
    ("setTextingCap", Permission::ManageTexting),
];

/// Member operations on one's own records that staff holding a permission may also call on
/// anyone's (`x-others-permission`).
pub const OWN_OR_STAFF_OPERATIONS: &[(&str, Permission)] = &[
    ("listUserEvents", Permission::FindMembers),
    ("listUserVolunteering", Permission::FindMembers),
    ("withdrawVolunteer", Permission::ManageVolunteers),
    ("getSevaBooking", Permission::SevaDesk),
    ("cancelSevaBooking", Permission::SevaDesk),
];

/// The permission `operation_id` needs, when only staff may call it.
pub fn staff_permission(operation_id: &str) -> Option<Permission> {
    STAFF_OPERATIONS.iter().find(|(id, _)| *id == operation_id).map(|(_, permission)| *permission)
}

/// Writes each staff operation's roles into its bearer requirement and its permission into
/// `x-permission`.
pub(crate) struct StaffRoles;

impl Modify for StaffRoles {
    fn modify(&self, openapi: &mut Document) {
        for item in openapi.paths.paths.values_mut() {
            for (_, op) in operations_mut(item) {
                let Some(id) = op.operation_id.clone() else { continue };
                if let Some(permission) = staff_permission(&id) {
                    let roles: Vec<&str> = permission.holders().into_iter().map(|r| r.as_str()).collect();
                    op.security = Some(vec![SecurityRequirement::new("bearer", roles)]);
                    let extensions = ExtensionsBuilder::new().add("x-permission", permission.as_str()).build();
                    op.extensions.get_or_insert_with(Default::default).merge(extensions);
                } else if let Some((_, permission)) = OWN_OR_STAFF_OPERATIONS.iter().find(|(own, _)| *own == id) {
                    let extensions = ExtensionsBuilder::new().add("x-others-permission", permission.as_str()).build();
                    op.extensions.get_or_insert_with(Default::default).merge(extensions);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn every_operation_restricted_to_staff_is_in_the_table_and_states_its_roles() {
        let doc = serde_json::to_value(crate::api_doc()).expect("document");
        let mut seen = BTreeSet::new();
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, op) in item.as_object().expect("item") {
                let id = op["operationId"].as_str().expect("operationId");
                seen.insert(id.to_owned());
                let roles: Vec<&str> = op["security"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|r| r["bearer"].as_array())
                    .flatten()
                    .filter_map(|r| r.as_str())
                    .collect();
                match staff_permission(id) {
                    Some(permission) => {
                        let holders: Vec<&str> = permission.holders().iter().map(|r| r.as_str()).collect();
                        assert_eq!(roles, holders, "{method} {path} ({id})");
                        assert_eq!(op["x-permission"], permission.as_str(), "{id}");
                        assert!(op["responses"]["403"].is_object(), "{id} declares 403");
                    }
                    None => assert!(roles.is_empty(), "{method} {path} ({id}) names roles but is not in STAFF_OPERATIONS"),
                }
            }
        }
        for (id, _) in STAFF_OPERATIONS.iter().chain(OWN_OR_STAFF_OPERATIONS) {
            assert!(seen.contains(*id), "{id} is in the table but not in the document");
        }
    }
}
