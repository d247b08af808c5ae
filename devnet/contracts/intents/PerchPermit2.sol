// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ISignatureTransfer} from "./ISignatureTransfer.sol";

/// @title PerchPermit2
/// @notice Signature transfers with Permit2's interface, EIP-712 domain (name "Permit2", chain id,
///         this contract; no version) and type hashes, written for the devnet where Permit2 is not
///         deployed: a wallet or SDK built for Permit2 signs for this contract as it would for
///         Permit2. A user approves this contract once per token; after that every transfer is a
///         signed message that someone else submits. Nonces are unordered (a bit per nonce, 256 per
///         word) so that signed messages can be used in any order, each once.
contract PerchPermit2 is ISignatureTransfer {
    using SafeERC20 for IERC20;

    bytes32 public constant TOKEN_PERMISSIONS_TYPEHASH = keccak256("TokenPermissions(address token,uint256 amount)");
    bytes32 public constant PERMIT_TRANSFER_FROM_TYPEHASH = keccak256(
        "PermitTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline)TokenPermissions(address token,uint256 amount)"
    );
    bytes32 public constant PERMIT_BATCH_TRANSFER_FROM_TYPEHASH = keccak256(
        "PermitBatchTransferFrom(TokenPermissions[] permitted,address spender,uint256 nonce,uint256 deadline)TokenPermissions(address token,uint256 amount)"
    );
    string public constant PERMIT_WITNESS_TRANSFER_FROM_TYPEHASH_STUB =
        "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,";
    string public constant PERMIT_BATCH_WITNESS_TRANSFER_FROM_TYPEHASH_STUB =
        "PermitBatchWitnessTransferFrom(TokenPermissions[] permitted,address spender,uint256 nonce,uint256 deadline,";

    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("Permit2");

    /// owner → word position → bitmap of used nonces
    mapping(address => mapping(uint256 => uint256)) public nonceBitmap;

    /// @notice The deadline has passed.
    error SignatureExpired(uint256 signatureDeadline);
    /// @notice The nonce was used or invalidated.
    error InvalidNonce();
    error InvalidSignatureLength();
    error InvalidSignature();
    /// @notice The signature is valid but not the owner's.
    error InvalidSigner();
    error InvalidContractSignature();

    /// @notice Computed per call so that a fork (another chain id) gets its own domain.
    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, block.chainid, address(this)));
    }

    function permitTransferFrom(
        PermitTransferFrom memory permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes calldata signature
    ) external {
        bytes32 dataHash = keccak256(
            abi.encode(PERMIT_TRANSFER_FROM_TYPEHASH, _hashPermissions(permit.permitted), msg.sender, permit.nonce, permit.deadline)
        );
        _transfer(permit, transferDetails, owner, dataHash, signature);
    }

    function permitWitnessTransferFrom(
        PermitTransferFrom memory permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external {
        bytes32 typeHash = keccak256(abi.encodePacked(PERMIT_WITNESS_TRANSFER_FROM_TYPEHASH_STUB, witnessTypeString));
        bytes32 dataHash = keccak256(
            abi.encode(typeHash, _hashPermissions(permit.permitted), msg.sender, permit.nonce, permit.deadline, witness)
        );
        _transfer(permit, transferDetails, owner, dataHash, signature);
    }

    function permitTransferFrom(
        PermitBatchTransferFrom memory permit,
        SignatureTransferDetails[] calldata transferDetails,
        address owner,
        bytes calldata signature
    ) external {
        bytes32 dataHash = keccak256(
            abi.encode(PERMIT_BATCH_TRANSFER_FROM_TYPEHASH, _hashPermissionList(permit.permitted), msg.sender, permit.nonce, permit.deadline)
        );
        _transferBatch(permit, transferDetails, owner, dataHash, signature);
    }

    function permitWitnessTransferFrom(
        PermitBatchTransferFrom memory permit,
        SignatureTransferDetails[] calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external {
        bytes32 typeHash = keccak256(abi.encodePacked(PERMIT_BATCH_WITNESS_TRANSFER_FROM_TYPEHASH_STUB, witnessTypeString));
        bytes32 dataHash = keccak256(
            abi.encode(typeHash, _hashPermissionList(permit.permitted), msg.sender, permit.nonce, permit.deadline, witness)
        );
        _transferBatch(permit, transferDetails, owner, dataHash, signature);
    }

    /// @notice Marks the nonces in `mask` of word `wordPos` used, so their signatures can no longer be spent.
    function invalidateUnorderedNonces(uint256 wordPos, uint256 mask) external {
        nonceBitmap[msg.sender][wordPos] |= mask;
        emit UnorderedNonceInvalidation(msg.sender, wordPos, mask);
    }

    function _transfer(
        PermitTransferFrom memory permit,
        SignatureTransferDetails calldata details,
        address owner,
        bytes32 dataHash,
        bytes calldata signature
    ) private {
        if (block.timestamp > permit.deadline) revert SignatureExpired(permit.deadline);
        if (details.requestedAmount > permit.permitted.amount) revert InvalidAmount(permit.permitted.amount);
        _useNonce(owner, permit.nonce);
        _verify(signature, _digest(dataHash), owner);
        IERC20(permit.permitted.token).safeTransferFrom(owner, details.to, details.requestedAmount);
    }

    function _transferBatch(
        PermitBatchTransferFrom memory permit,
        SignatureTransferDetails[] calldata details,
        address owner,
        bytes32 dataHash,
        bytes calldata signature
    ) private {
        if (block.timestamp > permit.deadline) revert SignatureExpired(permit.deadline);
        if (permit.permitted.length != details.length) revert LengthMismatch();
        _useNonce(owner, permit.nonce);
        _verify(signature, _digest(dataHash), owner);
        for (uint256 i = 0; i < details.length; i++) {
            uint256 amount = details[i].requestedAmount;
            if (amount > permit.permitted[i].amount) revert InvalidAmount(permit.permitted[i].amount);
            // A zero request skips the token, as Permit2 does.
            if (amount != 0) IERC20(permit.permitted[i].token).safeTransferFrom(owner, details[i].to, amount);
        }
    }

    function _useNonce(address owner, uint256 nonce) private {
        uint256 wordPos = nonce >> 8;
        uint256 bit = 1 << (nonce & 0xff);
        uint256 flipped = nonceBitmap[owner][wordPos] ^= bit;
        if (flipped & bit == 0) revert InvalidNonce();
    }

    function _digest(bytes32 dataHash) private view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), dataHash));
    }

    function _hashPermissions(TokenPermissions memory p) private pure returns (bytes32) {
        return keccak256(abi.encode(TOKEN_PERMISSIONS_TYPEHASH, p.token, p.amount));
    }

    function _hashPermissionList(TokenPermissions[] memory list) private pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](list.length);
        for (uint256 i = 0; i < list.length; i++) hashes[i] = _hashPermissions(list[i]);
        return keccak256(abi.encodePacked(hashes));
    }

    /// @dev Smart-contract wallets by ERC-1271; EOAs by a 65-byte or a 64-byte (EIP-2098) signature.
    function _verify(bytes calldata signature, bytes32 digest, address owner) private view {
        if (owner.code.length > 0) {
            bytes4 magic = IERC1271(owner).isValidSignature(digest, signature);
            if (magic != IERC1271.isValidSignature.selector) revert InvalidContractSignature();
            return;
        }
        address signer;
        ECDSA.RecoverError err;
        if (signature.length == 65) {
            (signer, err,) = ECDSA.tryRecover(digest, signature);
        } else if (signature.length == 64) {
            (signer, err,) = ECDSA.tryRecover(digest, bytes32(signature[0:32]), bytes32(signature[32:64]));
        } else {
            revert InvalidSignatureLength();
        }
        if (err != ECDSA.RecoverError.NoError || signer == address(0)) revert InvalidSignature();
        if (signer != owner) revert InvalidSigner();
    }
}
