-- A sign-in flood with wrong passwords for many different accounts (so the per-account throttle
-- does not short-circuit the argon2 work).
local counter = 0
request = function()
  counter = counter + 1
  local body = string.format('{"email":"flood%d@example.org","password":"wrong-password"}', counter)
  return wrk.format("POST", "/api/auth/signin", { ["Content-Type"] = "application/json" }, body)
end
