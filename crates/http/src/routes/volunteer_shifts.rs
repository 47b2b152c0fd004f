//! Festival volunteering (docs/product.md#volunteer-shifts): an event's plan of roles and shifts
//! (`/api/events/{id}/volunteer-plan`, anyone; built by volunteer coordinators), members' sign-ups
//! (`/api/volunteer-shifts/{id}/signups`, `/api/shift-signups/{id}`), the coordinator's board
//! and each member's shifts and hours (`/api/account/volunteer-shifts`).

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use mandir_application::ports::{DoorDuty, DoorStaffer, SignupView};
use mandir_application::services::volunteer_shifts::{Audience, Board, MyVolunteering, Plan, ShiftError};
use mandir_domain::ValidationErrors;
use mandir_domain::volunteer_shift::{Attendance, RoleInput, Shift, ShiftInput, ShiftStatus, VolunteerRole, hours};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::CurrentUser;
use crate::body::JsonBody;
use crate::csv_export::csv_response;
use crate::error::{ApiError, ErrorBody};
use crate::routes::registrations::local_time;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    paths(
        plan,
        set_drop_cutoff,
        copy_plan,
        add_role,
        update_role,
        delete_role,
        add_shift,
        update_shift,
        delete_shift,
        sign_up,
        drop_signup,
        request_drop,
        decline_drop,
        move_signup,
        set_attendance,
        mine,
        board,
        message,
        sign_in_sheet,
        door_staff,
        grant_door,
        revoke_door,
        my_door_duties
    ),
    components(schemas(
        ShiftStatusDto,
        AttendanceDto,
        PlanShiftDto,
        PlanRoleDto,
        VolunteerPlanDto,
        MyShiftSignupDto,
        MyVolunteeringDto,
        BoardVolunteerDto,
        BoardShiftDto,
        BoardRoleDto,
        VolunteerBoardDto,
        DropCutoffRequest,
        CopyPlanRequest,
        RoleRequest,
        ShiftRequest,
        SignupRequest,
        MoveRequest,
        AttendanceRequest,
        MessageRequest,
        QueuedDto,
        DoorStafferDto,
        GrantDoorRequest,
        DoorDutyDto
    ))
)]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    let resource = |path: &str| web::resource(path.to_owned()).default_service(web::to(super::unmatched));
    cfg.service(resource("/api/events/{id}/volunteer-plan").route(web::get().to(plan)).route(web::put().to(set_drop_cutoff)))
        .service(resource("/api/events/{id}/volunteer-plan/copy").route(web::post().to(copy_plan)))
        .service(resource("/api/events/{id}/volunteer-roles").route(web::post().to(add_role)))
        .service(resource("/api/events/{id}/volunteer-board").route(web::get().to(board)))
        .service(resource("/api/events/{id}/volunteer-messages").route(web::post().to(message)))
        .service(resource("/api/volunteer-roles/{id}").route(web::put().to(update_role)).route(web::delete().to(delete_role)))
        .service(resource("/api/volunteer-roles/{id}/shifts").route(web::post().to(add_shift)))
        .service(resource("/api/volunteer-shifts/{id}").route(web::put().to(update_shift)).route(web::delete().to(delete_shift)))
        .service(resource("/api/volunteer-shifts/{id}/signups").route(web::post().to(sign_up)))
        .service(resource("/api/volunteer-shifts/{id}/sign-in-sheet").route(web::get().to(sign_in_sheet)))
        .service(resource("/api/shift-signups/{id}").route(web::delete().to(drop_signup)))
        .service(resource("/api/shift-signups/{id}/drop-request").route(web::post().to(request_drop)))
        .service(resource("/api/shift-signups/{id}/drop-request/decline").route(web::post().to(decline_drop)))
        .service(resource("/api/shift-signups/{id}/shift").route(web::put().to(move_signup)))
        .service(resource("/api/shift-signups/{id}/attendance").route(web::put().to(set_attendance)))
        .service(resource("/api/account/volunteer-shifts").route(web::get().to(mine)))
        .service(resource("/api/events/{id}/door-staff").route(web::get().to(door_staff)).route(web::post().to(grant_door)))
        .service(resource("/api/events/{id}/door-staff/{userId}").route(web::delete().to(revoke_door)))
        .service(resource("/api/account/door-duty").route(web::get().to(my_door_duties)));
}

crate::dto::text_enum_schema!(ShiftStatusDto = ShiftStatus::ALL.iter().map(|v| v.as_str()));
crate::dto::text_enum_schema!(AttendanceDto = Attendance::ALL.iter().map(|v| v.as_str()));

/// A shift as anyone sees it: how many it needs, has and keeps waiting.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanShiftDto {
    id: String,
    role_id: String,
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
    needed: i32,
    /// Confirmed volunteers.
    filled: i32,
    waitlisted: i32,
}

impl From<Shift> for PlanShiftDto {
    fn from(s: Shift) -> Self {
        Self {
            id: s.id.into(),
            role_id: s.role_id.into(),
            starts_at: s.starts_at,
            ends_at: s.ends_at,
            needed: s.needed,
            filled: s.filled,
            waitlisted: s.waitlisted,
        }
    }
}

/// A role of the plan with its shifts, by start.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanRoleDto {
    id: String,
    name: String,
    description: Option<String>,
    /// The youngest a family member signed up for it may be (13 at least, whatever this says).
    min_age: Option<i32>,
    /// Where its volunteers report.
    report_to: Option<String>,
    /// The role the one-step "Volunteer for Event" offers are placed in; an event whose roles are
    /// all one-step has no plan of its own and still takes one-step offers.
    one_step: bool,
    shifts: Vec<PlanShiftDto>,
}

fn role_dto(role: VolunteerRole, shifts: Vec<Shift>) -> PlanRoleDto {
    PlanRoleDto {
        id: role.id.into(),
        name: role.name,
        description: role.description,
        min_age: role.min_age,
        report_to: role.report_to,
        one_step: role.one_step,
        shifts: shifts.into_iter().map(Into::into).collect(),
    }
}

/// An event's volunteer plan; `roles` is empty when it has none.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VolunteerPlanDto {
    event_id: String,
    /// Hours before a shift after which its volunteers can only ask the coordinator to drop it.
    drop_cutoff_hours: i32,
    roles: Vec<PlanRoleDto>,
}

impl From<Plan> for VolunteerPlanDto {
    fn from(plan: Plan) -> Self {
        Self {
            event_id: plan.event_id.into(),
            drop_cutoff_hours: plan.drop_cutoff_hours,
            roles: plan.roles.into_iter().map(|(role, shifts)| role_dto(role, shifts)).collect(),
        }
    }
}

/// One of the member's own sign-ups: theirs (`familyMemberId` null) or a family member's.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyShiftSignupDto {
    id: String,
    shift_id: String,
    role_id: String,
    event_id: String,
    event_name: String,
    role_name: String,
    report_to: Option<String>,
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
    family_member_id: Option<String>,
    /// Who volunteers.
    name: String,
    #[schema(value_type = ShiftStatusDto)]
    status: String,
    #[schema(value_type = Option<AttendanceDto>)]
    attendance: Option<String>,
    drop_requested: bool,
    /// Whether the member may still drop it (`DELETE`); past the cut-off only a drop request.
    can_drop: bool,
    /// Hours counted: the shift's length to a tenth of an hour when marked present, else 0.
    hours: f64,
}

fn my_dto(state: &AppState, v: SignupView) -> MyShiftSignupDto {
    let can_drop = state.volunteer_shifts.can_drop_now(&v);
    let shift = v.context.shift;
    MyShiftSignupDto {
        id: v.signup.id.into(),
        shift_id: shift.id.into(),
        role_id: v.context.role.id.into(),
        event_id: shift.event_id.into(),
        event_name: v.context.event_name,
        role_name: v.context.role.name,
        report_to: v.context.role.report_to,
        starts_at: shift.starts_at,
        ends_at: shift.ends_at,
        family_member_id: v.signup.family_member_id.map(Into::into),
        name: v.signup.name,
        status: v.signup.status.as_str().to_owned(),
        attendance: v.signup.attendance.map(|a| a.as_str().to_owned()),
        drop_requested: v.signup.drop_requested,
        can_drop,
        hours: hours(shift.starts_at, shift.ends_at, v.signup.attendance),
    }
}

/// The member's sign-ups over a year (or for one event), with the hours counted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyVolunteeringDto {
    year: i32,
    /// Hours counted over the sign-ups listed.
    hours: f64,
    signups: Vec<MyShiftSignupDto>,
}

/// A volunteer on the coordinator's board, with contact details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardVolunteerDto {
    id: String,
    user_id: String,
    family_member_id: Option<String>,
    name: String,
    /// The member's e-mail (a family member's sign-up is reached through its member).
    email: String,
    phone: Option<String>,
    #[schema(value_type = ShiftStatusDto)]
    status: String,
    #[schema(value_type = Option<AttendanceDto>)]
    attendance: Option<String>,
    drop_requested: bool,
    signed_up_at: DateTime<Utc>,
}

fn board_volunteer(v: SignupView) -> BoardVolunteerDto {
    BoardVolunteerDto {
        id: v.signup.id.into(),
        user_id: v.signup.user_id.into(),
        family_member_id: v.signup.family_member_id.map(Into::into),
        name: v.signup.name,
        email: v.email,
        phone: v.phone,
        status: v.signup.status.as_str().to_owned(),
        attendance: v.signup.attendance.map(|a| a.as_str().to_owned()),
        drop_requested: v.signup.drop_requested,
        signed_up_at: v.signup.created_at,
    }
}

/// A shift on the board: its volunteers, confirmed first, then its waitlist in order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardShiftDto {
    #[serde(flatten)]
    shift: PlanShiftDto,
    volunteers: Vec<BoardVolunteerDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardRoleDto {
    id: String,
    name: String,
    description: Option<String>,
    min_age: Option<i32>,
    report_to: Option<String>,
    /// The one-step offers' role (see the plan's roles).
    one_step: bool,
    shifts: Vec<BoardShiftDto>,
}

/// The coordinator's board: every role's shifts with their volunteers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VolunteerBoardDto {
    event_id: String,
    event_name: String,
    event_date: DateTime<Utc>,
    drop_cutoff_hours: i32,
    roles: Vec<BoardRoleDto>,
    /// Volunteers asking to drop a shift, waiting for the coordinator.
    drop_requests: usize,
}

impl From<Board> for VolunteerBoardDto {
    fn from(board: Board) -> Self {
        let drop_requests = board.signups.iter().filter(|v| v.signup.drop_requested).count();
        let mut signups = board.signups;
        let roles = board
            .plan
            .roles
            .into_iter()
            .map(|(role, shifts)| BoardRoleDto {
                id: role.id.into(),
                name: role.name,
                description: role.description,
                min_age: role.min_age,
                report_to: role.report_to,
                one_step: role.one_step,
                shifts: shifts
                    .into_iter()
                    .map(|shift| {
                        let (own, rest): (Vec<_>, Vec<_>) =
                            std::mem::take(&mut signups).into_iter().partition(|v| v.signup.shift_id == shift.id);
                        signups = rest;
                        BoardShiftDto { shift: shift.into(), volunteers: own.into_iter().map(board_volunteer).collect() }
                    })
                    .collect(),
            })
            .collect();
        Self {
            event_id: board.event.id.into(),
            event_name: board.event.name,
            event_date: board.event.event_date,
            drop_cutoff_hours: board.plan.drop_cutoff_hours,
            roles,
            drop_requests,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DropCutoffRequest {
    /// Whole hours from 0 to 336 (two weeks).
    #[schema(minimum = 0, maximum = 336)]
    drop_cutoff_hours: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopyPlanRequest {
    /// The earlier event whose roles and shifts are copied.
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    from_event_id: String,
}

/// A role's fields; `PUT` replaces them all (a field left out is cleared).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleRequest {
    /// 2 to 80 characters after trimming.
    #[serde(default)]
    #[schema(required = true, min_length = 2, max_length = 80)]
    name: String,
    /// At most 1000 characters.
    #[schema(max_length = 1000)]
    description: Option<String>,
    /// 0 to 99.
    #[schema(minimum = 0, maximum = 99)]
    min_age: Option<i64>,
    /// Where its volunteers report; at most 200 characters.
    #[schema(max_length = 200)]
    report_to: Option<String>,
}

impl From<RoleRequest> for RoleInput {
    fn from(b: RoleRequest) -> Self {
        Self { name: b.name, description: b.description, min_age: b.min_age, report_to: b.report_to }
    }
}

/// A shift's times and size; `PUT` replaces them all.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftRequest {
    /// RFC 3339 date-time with offset, within a week before and two weeks after the event.
    #[schema(value_type = String, required = true, format = DateTime)]
    starts_at: Option<String>,
    /// After the start, at most 16 hours later.
    #[schema(value_type = String, required = true, format = DateTime)]
    ends_at: Option<String>,
    /// 1 to 500.
    #[schema(required = true, minimum = 1, maximum = 500)]
    needed: Option<i64>,
}

impl From<ShiftRequest> for ShiftInput {
    fn from(b: ShiftRequest) -> Self {
        Self { starts_at: b.starts_at, ends_at: b.ends_at, needed: b.needed }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignupRequest {
    /// One of the member's family members (13 or older, with a birth date); none for themselves.
    family_member_id: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveRequest {
    /// Another shift of the same event.
    #[serde(default)]
    #[schema(required = true)]
    shift_id: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceRequest {
    /// `null` clears the mark.
    #[schema(value_type = Option<AttendanceDto>, required = true)]
    attendance: Option<String>,
}

/// A message to one shift's or one role's confirmed volunteers: give exactly one of the two.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageRequest {
    shift_id: Option<String>,
    role_id: Option<String>,
    /// 3 to 150 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 3, max_length = 150)]
    subject: String,
    /// 1 to 5000 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 5000)]
    body: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QueuedDto {
    /// The e-mails queued: one per confirmed volunteer.
    queued: u64,
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct MineQuery {
    /// A (temple) calendar year from 2000 to 9999; this year by default.
    #[param(minimum = 2000, maximum = 9999)]
    year: Option<i32>,
    /// One event's sign-ups instead of a year's.
    event_id: Option<String>,
}

/// An event's volunteer plan (anyone): its roles with their shifts and how full each is.
#[utoipa::path(operation_id = "getVolunteerPlan", get, path = "/api/events/{id}/volunteer-plan", tag = "volunteer-shifts", params(("id" = String, Path)), responses(
    (status = 200, body = VolunteerPlanDto), (status = 404, body = ErrorBody)
))]
async fn plan(state: web::Data<AppState>, path: web::Path<String>) -> Result<web::Json<VolunteerPlanDto>, ApiError> {
    Ok(web::Json(state.volunteer_shifts.plan(&path.into_inner().into()).await?.into()))
}

/// Sets the plan's drop cut-off (volunteer coordinators).
#[utoipa::path(operation_id = "setVolunteerDropCutoff", put, path = "/api/events/{id}/volunteer-plan", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = DropCutoffRequest, responses(
    (status = 200, body = VolunteerPlanDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn set_drop_cutoff(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<DropCutoffRequest>,
) -> Result<web::Json<VolunteerPlanDto>, ApiError> {
    let plan =
        state.volunteer_shifts.set_drop_cutoff(&user.actor(), &path.into_inner().into(), body.into_inner().drop_cutoff_hours).await?;
    Ok(web::Json(plan.into()))
}

/// Copies an earlier event's roles and shifts (moved to this event's date, same times of day)
/// to an event with no plan yet (volunteer coordinators).
#[utoipa::path(operation_id = "copyVolunteerPlan", post, path = "/api/events/{id}/volunteer-plan/copy", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = CopyPlanRequest, responses(
    (status = 201, body = VolunteerPlanDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "The event has a plan already")
))]
async fn copy_plan(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<CopyPlanRequest>,
) -> Result<HttpResponse, ApiError> {
    let from = body.into_inner().from_event_id.trim().to_owned();
    if from.is_empty() {
        return Err(ApiError::from(ShiftError::Validation(ValidationErrors::single("fromEventId", "Choose the event to copy from"))));
    }
    let plan = state.volunteer_shifts.copy_plan(&user.actor(), &path.into_inner().into(), &from.into()).await?;
    Ok(HttpResponse::Created().json(VolunteerPlanDto::from(plan)))
}

/// Adds a role to the event's plan (volunteer coordinators).
#[utoipa::path(operation_id = "addVolunteerRole", post, path = "/api/events/{id}/volunteer-roles", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = RoleRequest, responses(
    (status = 201, body = PlanRoleDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn add_role(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<RoleRequest>,
) -> Result<HttpResponse, ApiError> {
    let role = state.volunteer_shifts.add_role(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?;
    Ok(HttpResponse::Created().json(role_dto(role, Vec::new())))
}

/// Replaces a role's fields (volunteer coordinators).
#[utoipa::path(operation_id = "updateVolunteerRole", put, path = "/api/volunteer-roles/{id}", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = RoleRequest, responses(
    (status = 200, body = PlanRoleDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn update_role(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<RoleRequest>,
) -> Result<web::Json<PlanRoleDto>, ApiError> {
    let (role, shifts) = state.volunteer_shifts.update_role(&user.actor(), &path.into_inner().into(), body.into_inner().into()).await?;
    Ok(web::Json(role_dto(role, shifts)))
}

/// Removes a role with its shifts, while none has volunteers (volunteer coordinators).
#[utoipa::path(operation_id = "deleteVolunteerRole", delete, path = "/api/volunteer-roles/{id}", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
async fn delete_role(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.volunteer_shifts.delete_role(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Adds a shift to a role (volunteer coordinators).
#[utoipa::path(operation_id = "addVolunteerShift", post, path = "/api/volunteer-roles/{id}/shifts", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = ShiftRequest, responses(
    (status = 201, body = PlanShiftDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn add_shift(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<ShiftRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = body.into_inner().into();
    let shift = state.volunteer_shifts.add_shift(&user.actor(), &path.into_inner().into(), input).await?;
    Ok(HttpResponse::Created().json(PlanShiftDto::from(shift)))
}

/// Replaces a shift's times and size; a bigger shift confirms its waitlist in order
/// (volunteer coordinators). New times that overlap another shift of someone on it are refused
/// (409, naming them).
#[utoipa::path(operation_id = "updateVolunteerShift", put, path = "/api/volunteer-shifts/{id}", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = ShiftRequest, responses(
    (status = 200, body = PlanShiftDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody)
))]
async fn update_shift(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<ShiftRequest>,
) -> Result<web::Json<PlanShiftDto>, ApiError> {
    let input = body.into_inner().into();
    Ok(web::Json(state.volunteer_shifts.update_shift(&user.actor(), &path.into_inner().into(), input).await?.into()))
}

/// Removes a shift while it has no volunteers (volunteer coordinators).
#[utoipa::path(operation_id = "deleteVolunteerShift", delete, path = "/api/volunteer-shifts/{id}", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
))]
async fn delete_shift(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.volunteer_shifts.delete_shift(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Signs the member (verified) or one of their family up for a shift: confirmed while it has
/// room, else on its waitlist (`status`). Shifts of one person may not overlap.
#[utoipa::path(operation_id = "signUpForShift", post, path = "/api/volunteer-shifts/{id}/signups", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = SignupRequest, responses(
    (status = 201, body = MyShiftSignupDto), (status = 400, body = ErrorBody, description = "Started, too young, or no birth date"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Already on this shift, or on another at that time")
))]
async fn sign_up(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<SignupRequest>,
) -> Result<HttpResponse, ApiError> {
    let family = body.into_inner().family_member_id.map(|id| id.trim().to_owned()).filter(|id| !id.is_empty());
    let view = state.volunteer_shifts.sign_up(&user.actor(), &path.into_inner().into(), family.map(Into::into)).await?;
    Ok(HttpResponse::Created().json(my_dto(&state, view)))
}

/// Drops a sign-up: the member's own until the plan's cut-off before the shift, anyone's for a
/// volunteer coordinator. Its place goes to the first on the waitlist.
#[utoipa::path(operation_id = "dropShiftSignup", delete, path = "/api/shift-signups/{id}", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Past the cut-off: ask the coordinator")
))]
async fn drop_signup(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    state.volunteer_shifts.drop_signup(&user.actor(), &path.into_inner().into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Past the cut-off, asks the coordinator to drop the member's sign-up.
#[utoipa::path(operation_id = "requestShiftDrop", post, path = "/api/shift-signups/{id}/drop-request", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = MyShiftSignupDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Still before the cut-off: drop it")
))]
async fn request_drop(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<MyShiftSignupDto>, ApiError> {
    let view = state.volunteer_shifts.request_drop(&user.actor(), &path.into_inner().into()).await?;
    Ok(web::Json(my_dto(&state, view)))
}

/// Keeps a volunteer who asked to drop on their shift (volunteer coordinators).
#[utoipa::path(operation_id = "declineShiftDrop", post, path = "/api/shift-signups/{id}/drop-request/decline", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = BoardVolunteerDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn decline_drop(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<BoardVolunteerDto>, ApiError> {
    Ok(web::Json(board_volunteer(state.volunteer_shifts.decline_drop(&user.actor(), &path.into_inner().into()).await?)))
}

/// Moves a volunteer to another shift of the event, confirmed there (volunteer coordinators).
#[utoipa::path(operation_id = "moveShiftSignup", put, path = "/api/shift-signups/{id}/shift", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = MoveRequest, responses(
    (status = 200, body = BoardVolunteerDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "The shift is full, or the person is on another at that time")
))]
async fn move_signup(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<MoveRequest>,
) -> Result<web::Json<BoardVolunteerDto>, ApiError> {
    let to = body.into_inner().shift_id;
    let view = state.volunteer_shifts.move_signup(&user.actor(), &path.into_inner().into(), &to.into()).await?;
    Ok(web::Json(board_volunteer(view)))
}

/// Marks a volunteer present or a no-show once the shift has started; `null` clears it
/// (volunteer coordinators).
#[utoipa::path(operation_id = "markShiftAttendance", put, path = "/api/shift-signups/{id}/attendance", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = AttendanceRequest, responses(
    (status = 200, body = BoardVolunteerDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    (status = 409, body = ErrorBody, description = "Waitlisted")
))]
async fn set_attendance(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<AttendanceRequest>,
) -> Result<web::Json<BoardVolunteerDto>, ApiError> {
    let attendance = match body.into_inner().attendance.as_deref() {
        None => None,
        Some(text) => Some(Attendance::parse(text).ok_or_else(|| {
            ApiError::from(ShiftError::Validation(ValidationErrors::single("attendance", "Attendance must be present, no_show or null")))
        })?),
    };
    let view = state.volunteer_shifts.set_attendance(&user.actor(), &path.into_inner().into(), attendance).await?;
    Ok(web::Json(board_volunteer(view)))
}

/// The member's sign-ups (theirs and their family's) for one event, or over a year, with the
/// hours counted.
#[utoipa::path(operation_id = "listMyVolunteerShifts", get, path = "/api/account/volunteer-shifts", tag = "volunteer-shifts", security(("bearer" = [])), params(MineQuery), responses(
    (status = 200, body = MyVolunteeringDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)
))]
async fn mine(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<MineQuery>,
) -> Result<web::Json<MyVolunteeringDto>, ApiError> {
    let query = query.into_inner();
    let event = query.event_id.map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()).map(Into::into);
    let MyVolunteering { year, hours, signups } = state.volunteer_shifts.mine(&user.actor(), query.year, event.as_ref()).await?;
    Ok(web::Json(MyVolunteeringDto { year, hours, signups: signups.into_iter().map(|v| my_dto(&state, v)).collect() }))
}

/// The coordinator's board: every role's shifts with their volunteers and the gaps (volunteer
/// coordinators).
#[utoipa::path(operation_id = "getVolunteerBoard", get, path = "/api/events/{id}/volunteer-board", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = VolunteerBoardDto), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn board(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<web::Json<VolunteerBoardDto>, ApiError> {
    Ok(web::Json(state.volunteer_shifts.board(&user.actor(), &path.into_inner().into()).await?.into()))
}

/// E-mails a message to one shift's or one role's confirmed volunteers (volunteer coordinators).
#[utoipa::path(operation_id = "messageVolunteers", post, path = "/api/events/{id}/volunteer-messages", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = MessageRequest, responses(
    (status = 202, body = QueuedDto), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn message(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<MessageRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let given = |id: Option<String>| id.map(|id| id.trim().to_owned()).filter(|id| !id.is_empty());
    let audience = match (given(body.shift_id), given(body.role_id)) {
        (Some(shift), None) => Some(Audience::Shift(shift.into())),
        (None, Some(role)) => Some(Audience::Role(role.into())),
        _ => None,
    };
    let queued = state.volunteer_shifts.message(&user.actor(), &path.into_inner().into(), audience, &body.subject, &body.body).await?;
    Ok(HttpResponse::Accepted().json(QueuedDto { queued }))
}

pub const SIGN_IN_SHEET_HEADER: [&str; 7] = ["Name", "Role", "Shift", "Phone", "E-mail", "Signed in", "Signed out"];

/// A shift's sign-in sheet as CSV: its confirmed volunteers by name, with blank columns to sign
/// in and out (volunteer coordinators).
#[utoipa::path(operation_id = "shiftSignInSheet", get, path = "/api/volunteer-shifts/{id}/sign-in-sheet", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, content_type = "text/csv", body = String, description = "Name, Role, Shift, Phone, E-mail, Signed in, Signed out"),
    (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn sign_in_sheet(state: web::Data<AppState>, user: CurrentUser, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let (context, volunteers) = state.volunteer_shifts.sign_in_sheet(&user.actor(), &path.into_inner().into()).await?;
    let zone = state.payments.temple_zone().await?;
    let shift = format!("{} – {}", local_time(context.shift.starts_at, zone), local_time(context.shift.ends_at, zone));
    let rows = volunteers.into_iter().map(|v| {
        vec![v.signup.name, context.role.name.clone(), shift.clone(), v.phone.unwrap_or_default(), v.email, String::new(), String::new()]
    });
    csv_response("shift-sign-in-sheet.csv", &SIGN_IN_SHEET_HEADER, rows)
}

/// A member a volunteer coordinator put on an event's door.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoorStafferDto {
    user_id: String,
    name: String,
    email: String,
    granted_at: DateTime<Utc>,
}

fn door_staff_dtos(staff: Vec<DoorStaffer>) -> Vec<DoorStafferDto> {
    staff
        .into_iter()
        .map(|s| DoorStafferDto { user_id: s.user_id.into(), name: s.name, email: s.email, granted_at: s.granted_at })
        .collect()
}

#[derive(Deserialize, ToSchema)]
pub struct GrantDoorRequest {
    /// The member's (verified) e-mail address.
    #[serde(default)]
    #[schema(required = true, format = Email, min_length = 3)]
    email: String,
}

/// An event whose door the member is on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoorDutyDto {
    event_id: String,
    event_name: String,
    event_date: DateTime<Utc>,
}

/// The members on the event's door, by name (volunteer coordinators).
#[utoipa::path(operation_id = "listDoorStaff", get, path = "/api/events/{id}/door-staff", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), responses(
    (status = 200, body = [DoorStafferDto]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn door_staff(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
) -> Result<web::Json<Vec<DoorStafferDto>>, ApiError> {
    Ok(web::Json(door_staff_dtos(state.volunteer_shifts.door_staff(&user.actor(), &path.into_inner().into()).await?)))
}

/// Puts a verified member on the event's door: its door list and check-in, for this event only
/// (volunteer coordinators). Answers the event's door staff.
#[utoipa::path(operation_id = "grantDoorDuty", post, path = "/api/events/{id}/door-staff", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path)), request_body = GrantDoorRequest, responses(
    (status = 200, body = [DoorStafferDto]), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody, description = "No such event, or no member with that address"),
    (status = 409, body = ErrorBody, description = "The member has not verified their address")
))]
async fn grant_door(
    state: web::Data<AppState>,
    user: CurrentUser,
    path: web::Path<String>,
    body: JsonBody<GrantDoorRequest>,
) -> Result<web::Json<Vec<DoorStafferDto>>, ApiError> {
    let staff = state.volunteer_shifts.grant_door(&user.actor(), &path.into_inner().into(), &body.into_inner().email).await?;
    Ok(web::Json(door_staff_dtos(staff)))
}

/// Takes a member off the event's door (nothing to do when they were not on it) (volunteer
/// coordinators).
#[utoipa::path(operation_id = "revokeDoorDuty", delete, path = "/api/events/{id}/door-staff/{userId}", tag = "volunteer-shifts", security(("bearer" = [])), params(("id" = String, Path), ("userId" = String, Path)), responses(
    (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
))]
async fn revoke_door(state: web::Data<AppState>, user: CurrentUser, path: web::Path<(String, String)>) -> Result<HttpResponse, ApiError> {
    let (event, member) = path.into_inner();
    state.volunteer_shifts.revoke_door(&user.actor(), &event.into(), &member.into()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The events (from yesterday on) whose door the signed-in member is on, by date.
#[utoipa::path(operation_id = "listMyDoorDuties", get, path = "/api/account/door-duty", tag = "volunteer-shifts", security(("bearer" = [])), responses(
    (status = 200, body = [DoorDutyDto]), (status = 401, body = ErrorBody)
))]
async fn my_door_duties(state: web::Data<AppState>, user: CurrentUser) -> Result<web::Json<Vec<DoorDutyDto>>, ApiError> {
    let duties: Vec<DoorDuty> = state.volunteer_shifts.my_door_duties(&user.actor()).await?;
    Ok(web::Json(
        duties
            .into_iter()
            .map(|d| DoorDutyDto { event_id: d.event_id.into(), event_name: d.event_name, event_date: d.event_date })
            .collect(),
    ))
}
