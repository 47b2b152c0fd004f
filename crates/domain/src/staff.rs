//! Staff roles and what each may do: the one authorization matrix (docs/product.md#roles-and-permissions,
//! docs/decisions/0126-staff-roles.md).
//!
//! An account holds any set of [`Role`]s. A use case declares the one [`Permission`] it needs, and
//! [`Permission::roles`] is the table of which roles hold it; an admin holds every permission.

use crate::text_enum;

text_enum!(
    /// A staff role. An account may hold several.
    Role {
        Admin => "admin",
        Treasurer => "treasurer",
        FrontDesk => "front_desk",
        Priest => "priest",
        Editor => "editor",
        VolunteerCoordinator => "volunteer_coordinator",
    }
);

impl Role {
    /// How the role reads in the admin area and the audit log.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Admin => "Admin",
            Self::Treasurer => "Treasurer",
            Self::FrontDesk => "Front desk",
            Self::Priest => "Priest",
            Self::Editor => "Editor",
            Self::VolunteerCoordinator => "Volunteer coordinator",
        }
    }

    const fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// An unknown role name.
pub const UNKNOWN_ROLE: &str = "Unknown role: choose admin, treasurer, front_desk, priest, editor or volunteer_coordinator";

/// A set of roles (stored as their names, space-separated, in a fixed order).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Roles(u8);

impl Roles {
    pub const NONE: Self = Self(0);

    pub fn of(roles: &[Role]) -> Self {
        Self(roles.iter().fold(0, |bits, role| bits | role.bit()))
    }

    pub const fn has(self, role: Role) -> bool {
        self.0 & role.bit() != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[must_use]
    pub const fn with(self, role: Role) -> Self {
        Self(self.0 | role.bit())
    }

    #[must_use]
    pub const fn without(self, role: Role) -> Self {
        Self(self.0 & !role.bit())
    }

    /// These roles and `other`'s.
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// Whether every one of `other` is among these.
    pub const fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }

    /// The roles, in [`Role::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Role> {
        Role::ALL.iter().copied().filter(move |role| self.has(*role))
    }

    /// Whether these roles allow `permission`: an admin may do everything.
    pub fn allow(self, permission: Permission) -> bool {
        self.has(Role::Admin) || permission.roles().iter().any(|role| self.has(*role))
    }

    /// The stored form: role names separated by one space (`"admin treasurer"`, `""` for none).
    pub fn stored(self) -> String {
        self.iter().map(Role::as_str).collect::<Vec<_>>().join(" ")
    }

    /// Reads the stored form. A name this build does not know (written by a newer one) grants
    /// nothing.
    pub fn from_stored(text: &str) -> Self {
        text.split_whitespace().filter_map(Role::parse).fold(Self::NONE, Self::with)
    }

    /// Reads role names as a client sends them; unknown ones are refused with [`UNKNOWN_ROLE`].
    pub fn parse_names<S: AsRef<str>>(names: &[S]) -> Result<Self, &'static str> {
        names.iter().try_fold(Self::NONE, |roles, name| Role::parse(name.as_ref()).map(|role| roles.with(role)).ok_or(UNKNOWN_ROLE))
    }
}

/// A change of an account's roles, applied to the roles it holds when the change runs (so two
/// changes at once both count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoleChange {
    Exactly(Roles),
    Grant(Role),
    Revoke(Role),
}

impl RoleChange {
    pub const fn apply(self, before: Roles) -> Roles {
        match self {
            Self::Exactly(roles) => roles,
            Self::Grant(role) => before.with(role),
            Self::Revoke(role) => before.without(role),
        }
    }

    /// Whether the change could give the account a role it lacks.
    pub const fn may_add(self) -> bool {
        match self {
            Self::Exactly(roles) => !roles.is_empty(),
            Self::Grant(_) => true,
            Self::Revoke(_) => false,
        }
    }

    /// Whether the change takes `role` away, whatever the account holds.
    pub fn removes(self, role: Role) -> bool {
        match self {
            Self::Exactly(roles) => !roles.has(role),
            Self::Grant(_) => false,
            Self::Revoke(revoked) => revoked == role,
        }
    }
}

text_enum!(
    /// What a staff use case needs. Each operation declares exactly one (or none, when any member
    /// or visitor may call it); [`Permission::roles`] says which roles hold it.
    Permission {
        ManageStaff => "manage_staff",
        ReadAudit => "read_audit",
        RunJobs => "run_jobs",
        EditContent => "edit_content",
        ManageSevas => "manage_sevas",
        SevaDesk => "seva_desk",
        CompleteSevas => "complete_sevas",
        OwnSevas => "own_sevas",
        FindMembers => "find_members",
        ExportMembers => "export_members",
        ReadAttendees => "read_attendees",
        DoorDuty => "door_duty",
        ManageVolunteers => "manage_volunteers",
        ReadLedger => "read_ledger",
        ReconcilePayments => "reconcile_payments",
        Refund => "refund",
        ExportFinances => "export_finances",
        SendStatements => "send_statements",
        ManageFunds => "manage_funds",
        Counter => "counter",
        VoidSales => "void_sales",
        CountCollections => "count_collections",
        MakeDeposits => "make_deposits",
        ReadDailyReport => "read_daily_report",
        ImportData => "import_data",
        ManageTexting => "manage_texting",
    }
);

impl Permission {
    /// The roles besides `admin` that hold this permission: the authorization matrix.
    pub const fn roles(self) -> &'static [Role] {
        use Role::{Editor, FrontDesk, Priest, Treasurer, VolunteerCoordinator};
        match self {
            // Who holds which keys, the audit log and the job queue, and importing a temple's
            // members and giving history (accounts made in bulk): admins only.
            Self::ManageStaff | Self::ReadAudit | Self::RunJobs | Self::ImportData => &[],
            // What texting may cost each month (the cap) and the texts sent: admins only.
            Self::ManageTexting => &[],
            // Events, notices, services, priests' profiles and the site's texts.
            Self::EditContent => &[Editor],
            // The seva catalogue, its prices and booking rules.
            Self::ManageSevas => &[],
            // The seva schedule, sankalpam sheets, assigning priests, others' bookings.
            Self::SevaDesk => &[FrontDesk],
            // Marking a seva done: a priest only their own (the use case checks the assignment).
            Self::CompleteSevas => &[FrontDesk, Priest],
            // A priest's own day: the sevas assigned to them, with each sankalpam's people.
            Self::OwnSevas => &[Priest],
            // Finding a member (or a walk-in who gave at the counter) by name, phone or e-mail and
            // reading their record.
            Self::FindMembers => &[Treasurer, FrontDesk],
            // Lists of members' and attendees' contact details leaving the site.
            Self::ExportMembers => &[],
            // An event's registrations and waitlist, with contact details.
            Self::ReadAttendees => &[FrontDesk],
            // The door list and checking people in.
            Self::DoorDuty => &[FrontDesk, VolunteerCoordinator],
            // Volunteer sign-ups and their contact details.
            Self::ManageVolunteers => &[VolunteerCoordinator],
            // The counter: selling sevas and taking gifts in person, and printing their receipts.
            Self::Counter => &[FrontDesk],
            // Undoing a counter sale, with a reason.
            Self::VoidSales => &[Treasurer],
            // Counting the hundi and confirming a count (two people per count), and entering checks
            // in bulk.
            Self::CountCollections => &[Treasurer],
            // Bank deposits: making them from closed drawers, hundi counts and checks, and
            // marking them cleared.
            Self::MakeDeposits => &[Treasurer],
            // The day's totals by method, channel and fund, and the sevas booked.
            Self::ReadDailyReport => &[Treasurer, FrontDesk],
            // The money: ledger, totals, each payment's history and receipts.
            Self::ReadLedger | Self::ReconcilePayments | Self::Refund | Self::ExportFinances | Self::SendStatements | Self::ManageFunds => {
                &[Treasurer]
            }
        }
    }

    /// Every role that holds this permission, admin first.
    pub fn holders(self) -> Vec<Role> {
        std::iter::once(Role::Admin).chain(self.roles().iter().copied()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_through_their_stored_form_in_a_fixed_order() {
        let roles = Roles::of(&[Role::VolunteerCoordinator, Role::Treasurer]);
        assert_eq!(roles.stored(), "treasurer volunteer_coordinator");
        assert_eq!(Roles::from_stored("treasurer  volunteer_coordinator"), roles);
        assert_eq!(Roles::from_stored(""), Roles::NONE);
        assert_eq!(Roles::from_stored("wizard admin"), Roles::of(&[Role::Admin]));
        assert_eq!(Roles::parse_names(&["priest", "editor"]), Ok(Roles::of(&[Role::Editor, Role::Priest])));
        assert_eq!(Roles::parse_names(&["Admin"]), Err(UNKNOWN_ROLE));
        assert!(roles.without(Role::Treasurer).has(Role::VolunteerCoordinator) && !roles.without(Role::Treasurer).has(Role::Treasurer));
    }

    #[test]
    fn an_admin_holds_every_permission_and_other_roles_only_theirs() {
        for permission in Permission::ALL {
            assert!(Roles::of(&[Role::Admin]).allow(*permission), "{permission}");
            assert!(!Roles::NONE.allow(*permission), "{permission}");
        }
        let treasurer = Roles::of(&[Role::Treasurer]);
        assert!(treasurer.allow(Permission::Refund) && treasurer.allow(Permission::FindMembers));
        assert!(!treasurer.allow(Permission::EditContent) && !treasurer.allow(Permission::ExportMembers));
        let front_desk = Roles::of(&[Role::FrontDesk]);
        assert!(
            front_desk.allow(Permission::DoorDuty) && !front_desk.allow(Permission::Refund) && !front_desk.allow(Permission::ExportMembers)
        );
        let priest = Roles::of(&[Role::Priest]);
        assert_eq!(
            Permission::ALL.iter().filter(|p| priest.allow(**p)).collect::<Vec<_>>(),
            [&Permission::CompleteSevas, &Permission::OwnSevas]
        );
        let editor = Roles::of(&[Role::Editor]);
        assert_eq!(Permission::ALL.iter().filter(|p| editor.allow(**p)).collect::<Vec<_>>(), [&Permission::EditContent]);
        // Several roles add up.
        assert!(Roles::of(&[Role::Editor, Role::Treasurer]).allow(Permission::EditContent));
        assert!(Roles::of(&[Role::Editor, Role::Treasurer]).allow(Permission::Refund));
        assert_eq!(Permission::Refund.holders(), [Role::Admin, Role::Treasurer]);
    }
}
