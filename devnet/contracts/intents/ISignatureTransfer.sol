// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The signature-transfer half of Permit2's interface (the structs, functions, events and
///         errors a Permit2 client or integrator calls), so that code written for Permit2 works
///         against PerchPermit2 unchanged.
interface ISignatureTransfer {
    struct TokenPermissions {
        address token;
        uint256 amount;
    }

    struct PermitTransferFrom {
        TokenPermissions permitted;
        uint256 nonce;
        uint256 deadline;
    }

    struct SignatureTransferDetails {
        address to;
        uint256 requestedAmount;
    }

    struct PermitBatchTransferFrom {
        TokenPermissions[] permitted;
        uint256 nonce;
        uint256 deadline;
    }

    event UnorderedNonceInvalidation(address indexed owner, uint256 word, uint256 mask);

    error InvalidAmount(uint256 maxAmount);
    error LengthMismatch();

    function nonceBitmap(address owner, uint256 wordPos) external view returns (uint256);

    function permitTransferFrom(
        PermitTransferFrom memory permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes calldata signature
    ) external;

    function permitWitnessTransferFrom(
        PermitTransferFrom memory permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external;

    function permitTransferFrom(
        PermitBatchTransferFrom memory permit,
        SignatureTransferDetails[] calldata transferDetails,
        address owner,
        bytes calldata signature
    ) external;

    function permitWitnessTransferFrom(
        PermitBatchTransferFrom memory permit,
        SignatureTransferDetails[] calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external;

    function invalidateUnorderedNonces(uint256 wordPos, uint256 mask) external;
}
