import { describe, expect, it } from "vitest";
import { ChangePasswordRequestSchema, LoginRequestSchema, RegisterRequestSchema, UpdateProfileRequestSchema } from "../../core/api/auth.ts";
import { ApiError } from "./api-client.ts";
import { failureMessage, fieldValidator, serverFieldErrors } from "./form-validation.ts";

describe("fieldValidator", () => {
  it("gives docs/product/validation.md's messages for the account forms", () => {
    expect(fieldValidator(LoginRequestSchema.shape.email)("")).toBe("Invalid email address");
    expect(fieldValidator(LoginRequestSchema.shape.email)("ada@example")).toBe("Invalid email address");
    expect(fieldValidator(LoginRequestSchema.shape.email)(" ada@example.com ")).toBeNull();
    expect(fieldValidator(LoginRequestSchema.shape.password)("")).toBe("Password is required");
    expect(fieldValidator(RegisterRequestSchema.shape.password)("1234567")).toBe("Password must be at least 8 characters");
    expect(fieldValidator(RegisterRequestSchema.shape.password)("12345678")).toBeNull();
    expect(fieldValidator(UpdateProfileRequestSchema.shape.firstName)("  ")).toBe("First name is required");
    expect(fieldValidator(UpdateProfileRequestSchema.shape.lastName)("")).toBe("Last name is required");
    expect(fieldValidator(ChangePasswordRequestSchema.shape.currentPassword)("")).toBe("Current password is required");
    expect(fieldValidator(ChangePasswordRequestSchema.shape.newPassword)("short")).toBe("New password must be at least 8 characters");
  });
});

describe("server answers", () => {
  const problem = (status: number, body: Record<string, unknown>) =>
    new ApiError(status, `${status}: ${JSON.stringify(body)}`, { status, ...body });

  it("reads field errors from a problem body", () => {
    expect(serverFieldErrors(problem(400, { code: "invalid_body", errors: { email: ["Invalid email address"] } }))).toEqual({
      email: ["Invalid email address"],
    });
    expect(serverFieldErrors(problem(400, { code: "invalid_body", errors: {} }))).toBeNull();
    expect(serverFieldErrors(new Error("x"))).toBeNull();
  });

  it("prefers the server's message, else the fallback", () => {
    expect(failureMessage(problem(401, { message: "Invalid email or password." }), "Please check your credentials and try again.")).toBe(
      "Invalid email or password.",
    );
    expect(failureMessage(new ApiError(502, "502: Bad Gateway", null), "Failed to update profile.")).toBe("Failed to update profile.");
    expect(failureMessage(new TypeError("Failed to fetch"), "Failed to change password.")).toBe("Failed to change password.");
  });
});
