// User-facing texts of one area, apart from `messages` so that only the screens that show them load them.

/** The shop service's answers to admins: catalogue writes, the admin role, the verification review (issue 10). */
export const adminServerMessages = {
  categoryExists: "category already exists",
  subCategoryExists: "sub category already exists",
  filterExists: "filter name already exists",
  filterValueExists: "filter value already exists",
  categoryNameRequired: "Enter the category's name",
  subCategoryNameRequired: "Enter the sub category's name",
  nameTooLong: "A name is at most 100 characters",
  categoryRequired: "Choose a category",
  subCategoryRequired: "Choose a sub category",
  filterRequired: "Choose a filter (its numeric id)",
  filterNameRequired: "Enter the filter's name",
  filterValueRequired: "Enter the value",
  filterNotFound: "Filter not found",
  filterValueNotFound: "Filter value not found",
  categoryHoldsProducts: (n: number) =>
    `This category still holds ${n} ${n === 1 ? "product" : "products"}; move or delete them first`,
  subCategoryHoldsProducts: (n: number) =>
    `This sub category still holds ${n} ${n === 1 ? "product" : "products"}; move or delete them first`,
  emailRequired: "Enter the account's email address",
  adminGranted: "The account is now an admin",
  adminRevoked: "The account is no longer an admin",
  ownAdminRole: "You cannot remove your own admin role",
  requestNotFound: "Verification request not found",
  reasonRequired: "Give the reason",
  reasonTooLong: "The reason is at most 1,000 characters",
  notPending: "This request has already been decided",
  notVerified: "Only a verified request can have its verification removed",
  approved: "Verification approved",
  rejected: "Verification rejected",
  revoked: "Verification removed",
} as const;
