// LiteSVM's transaction errors in the RPC's shapes: the JSON form of `TransactionError`
// ("BlockhashNotFound", {"InstructionError":[0,{"Custom":1}]}, ...) and its Display text, which the
// RPC puts after "Transaction simulation failed: " in a failed preflight's message.

// Variant names in the order of litesvm's TransactionErrorFieldless / InstructionErrorFieldless.
export const TRANSACTION_ERRORS = [
  "AccountInUse", "AccountLoadedTwice", "AccountNotFound", "ProgramAccountNotFound", "InsufficientFundsForFee",
  "InvalidAccountForFee", "AlreadyProcessed", "BlockhashNotFound", "CallChainTooDeep", "MissingSignatureForFee",
  "InvalidAccountIndex", "SignatureFailure", "InvalidProgramForExecution", "SanitizeFailure", "ClusterMaintenance",
  "AccountBorrowOutstanding", "WouldExceedMaxBlockCostLimit", "UnsupportedVersion", "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit", "WouldExceedAccountDataBlockLimit", "TooManyAccountLocks",
  "AddressLookupTableNotFound", "InvalidAddressLookupTableOwner", "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex", "InvalidRentPayingAccount", "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit", "MaxLoadedAccountsDataSizeExceeded", "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit", "UnbalancedTransaction", "ProgramCacheHitMaxLimit", "CommitCancelled",
];

export const INSTRUCTION_ERRORS = [
  "GenericError", "InvalidArgument", "InvalidInstructionData", "InvalidAccountData", "AccountDataTooSmall",
  "InsufficientFunds", "IncorrectProgramId", "MissingRequiredSignature", "AccountAlreadyInitialized",
  "UninitializedAccount", "UnbalancedInstruction", "ModifiedProgramId", "ExternalAccountLamportSpend",
  "ExternalAccountDataModified", "ReadonlyLamportChange", "ReadonlyDataModified", "DuplicateAccountIndex",
  "ExecutableModified", "RentEpochModified", "NotEnoughAccountKeys", "AccountDataSizeChanged",
  "AccountNotExecutable", "AccountBorrowFailed", "AccountBorrowOutstanding", "DuplicateAccountOutOfSync",
  "InvalidError", "ExecutableDataModified", "ExecutableLamportChange", "ExecutableAccountNotRentExempt",
  "UnsupportedProgramId", "CallDepth", "MissingAccount", "ReentrancyNotAllowed", "MaxSeedLengthExceeded",
  "InvalidSeeds", "InvalidRealloc", "ComputationalBudgetExceeded", "PrivilegeEscalation",
  "ProgramEnvironmentSetupFailure", "ProgramFailedToComplete", "ProgramFailedToCompile", "Immutable",
  "IncorrectAuthority", "AccountNotRentExempt", "InvalidAccountOwner", "ArithmeticOverflow", "UnsupportedSysvar",
  "IllegalOwner", "MaxAccountsDataAllocationsExceeded", "MaxAccountsExceeded", "MaxInstructionTraceLengthExceeded",
  "BuiltinProgramsMustConsumeComputeUnits", "BorshIoError",
];

// Display texts (solana-transaction-error / solana-instruction-error) of the common variants.
const TRANSACTION_ERROR_TEXT = {
  AccountInUse: "Account in use",
  AccountLoadedTwice: "Account loaded twice",
  AccountNotFound: "Attempt to debit an account but found no record of a prior credit.",
  ProgramAccountNotFound: "Attempt to load a program that does not exist",
  InsufficientFundsForFee: "Insufficient funds for fee",
  InvalidAccountForFee: "This account may not be used to pay transaction fees",
  AlreadyProcessed: "This transaction has already been processed",
  BlockhashNotFound: "Blockhash not found",
  MissingSignatureForFee: "Transaction requires a fee but has no signature present",
  InvalidAccountIndex: "Transaction contains an invalid account reference",
  SignatureFailure: "Transaction did not pass signature verification",
  InvalidProgramForExecution: "This program may not be used for executing instructions",
  SanitizeFailure: "Transaction failed to sanitize accounts offsets correctly",
  UnsupportedVersion: "Transaction version is unsupported",
  InvalidWritableAccount: "Transaction loads a writable account that cannot be written",
  TooManyAccountLocks: "Transaction locked too many accounts",
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidAddressLookupTableIndex: "Transaction address table lookup uses an invalid index",
  InvalidRentPayingAccount: "Transaction leaves an account with a lower balance than rent-exempt minimum",
};

const INSTRUCTION_ERROR_TEXT = {
  GenericError: "generic instruction error",
  InvalidArgument: "invalid program argument",
  InvalidInstructionData: "invalid instruction data",
  InvalidAccountData: "invalid account data for instruction",
  AccountDataTooSmall: "account data too small for instruction",
  InsufficientFunds: "insufficient funds for instruction",
  IncorrectProgramId: "incorrect program id for instruction",
  MissingRequiredSignature: "missing required signature for instruction",
  AccountAlreadyInitialized: "instruction requires an uninitialized account",
  UninitializedAccount: "instruction requires an initialized account",
  UnbalancedInstruction: "sum of account balances before and after instruction do not match",
  ModifiedProgramId: "instruction illegally modified the program id of an account",
  ExternalAccountLamportSpend: "instruction spent from the balance of an account it does not own",
  ExternalAccountDataModified: "instruction modified data of an account it does not own",
  ReadonlyLamportChange: "instruction changed the balance of a read-only account",
  ReadonlyDataModified: "instruction modified data of a read-only account",
  NotEnoughAccountKeys: "insufficient account keys for instruction",
  AccountNotExecutable: "instruction expected an executable account",
  MissingAccount: "An account required by the instruction is missing",
  ComputationalBudgetExceeded: "Computational budget exceeded",
  PrivilegeEscalation: "Cross-program invocation with unauthorized signer or writable account",
  ProgramFailedToComplete: "Program failed to complete",
  IncorrectAuthority: "Incorrect authority provided",
  InvalidAccountOwner: "Invalid account owner",
  ArithmeticOverflow: "Program arithmetic overflowed",
  IllegalOwner: "Provided owner is not allowed",
};

function instructionErrorToJson(e) {
  if (typeof e === "number") return INSTRUCTION_ERRORS[e] ?? "GenericError";
  if (typeof e.code === "number") return { Custom: e.code };
  if (typeof e.msg === "string") return { BorshIoError: e.msg };
  return "GenericError";
}

/** The JSON form of a litesvm transaction error. */
export function errorToJson(err) {
  if (typeof err === "number") return TRANSACTION_ERRORS[err] ?? "SanitizeFailure";
  const name = err?.constructor?.name ?? "";
  if (name.includes("InstructionError")) return { InstructionError: [err.index, instructionErrorToJson(err.err())] };
  if (name.includes("DuplicateInstruction")) return { DuplicateInstruction: err.index };
  if (name.includes("InsufficientFundsForRent")) return { InsufficientFundsForRent: { account_index: err.accountIndex } };
  if (name.includes("ProgramExecutionTemporarilyRestricted")) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } };
  }
  return "SanitizeFailure";
}

/** The Display text of a transaction error given in its JSON form. */
export function errorJsonMessage(json) {
  if (typeof json === "string") return TRANSACTION_ERROR_TEXT[json] ?? json;
  if (json.InstructionError) {
    const [index, ie] = json.InstructionError;
    let text;
    if (typeof ie === "string") text = INSTRUCTION_ERROR_TEXT[ie] ?? ie;
    else if (ie.Custom !== undefined) text = `custom program error: 0x${ie.Custom.toString(16)}`;
    else if (ie.BorshIoError !== undefined) text = `Failed to serialize or deserialize account data: ${ie.BorshIoError}`;
    else text = JSON.stringify(ie);
    return `Error processing Instruction ${index}: ${text}`;
  }
  if (json.DuplicateInstruction !== undefined) {
    return `Transaction contains a duplicate instruction (${json.DuplicateInstruction}) that is not allowed`;
  }
  if (json.InsufficientFundsForRent) {
    return `Transaction results in an account (${json.InsufficientFundsForRent.account_index}) with insufficient funds for rent`;
  }
  return JSON.stringify(json);
}

export function transactionErrorMessage(err) {
  return errorJsonMessage(errorToJson(err));
}

/**
 * Whether a transaction that failed with `err` is still committed to a block (fee charged, in the
 * history): execution errors are; load-time errors (fee payer, signatures, blockhash, ...) are not.
 */
export function isLandingError(err) {
  if (typeof err !== "number") return true;
  return ["InvalidRentPayingAccount", "UnbalancedTransaction"].includes(TRANSACTION_ERRORS[err]);
}
