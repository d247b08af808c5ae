// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title PerchBadge
/// @notice Campaign badges (/soneium-badge, /drop/bob-spice): an ERC-721 a wallet mints for itself
///         once perch's claim signer has checked that every task of the badge is done. The signer
///         signs the EIP-712 message Claim(to, badgeId); the contract checks it, so nobody mints a
///         badge perch did not grant, and each wallet mints each badge once.
contract PerchBadge is ERC721, EIP712 {
    bytes32 public constant CLAIM_TYPEHASH = keccak256("Claim(address to,uint256 badgeId)");

    address public immutable signer;
    uint256 public totalMinted;
    mapping(address => mapping(uint256 => bool)) public claimed;
    mapping(uint256 => uint256) public badgeOf; // token id → badge id

    event BadgeClaimed(address indexed to, uint256 indexed badgeId, uint256 tokenId);

    error AlreadyClaimed();
    error BadSignature();

    constructor(string memory name_, string memory symbol_, address signer_)
        ERC721(name_, symbol_)
        EIP712("PerchBadge", "1")
    {
        signer = signer_;
    }

    /// @notice Mints badge `badgeId` to the caller with the signer's grant for (caller, badgeId).
    function claim(uint256 badgeId, bytes calldata signature) external returns (uint256 tokenId) {
        if (claimed[msg.sender][badgeId]) revert AlreadyClaimed();
        bytes32 digest = _hashTypedDataV4(keccak256(abi.encode(CLAIM_TYPEHASH, msg.sender, badgeId)));
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecover(digest, signature);
        if (err != ECDSA.RecoverError.NoError || recovered != signer) revert BadSignature();
        claimed[msg.sender][badgeId] = true;
        tokenId = ++totalMinted;
        badgeOf[tokenId] = badgeId;
        _safeMint(msg.sender, tokenId);
        emit BadgeClaimed(msg.sender, badgeId, tokenId);
    }

    /// @notice The EIP-712 domain separator (for off-chain signers and tests).
    function domainSeparator() external view returns (bytes32) {
        return _domainSeparatorV4();
    }
}
