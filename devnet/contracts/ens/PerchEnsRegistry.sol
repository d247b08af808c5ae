// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title PerchEnsRegistry
/// @notice A minimal ENS registry for the devnet, written for Perch: the same function selectors,
///         events and ownership rules as ENS's own registry (owner, resolver, setOwner, setResolver,
///         setSubnodeOwner), so that the server resolves names here exactly as it does against
///         the canonical registry on Ethereum. No TTLs, no operators (approvals for all): the
///         devnet needs neither and the server never reads them.
contract PerchEnsRegistry {
    struct Record {
        address owner;
        address resolver;
    }

    mapping(bytes32 => Record) private records;

    // ENS's events, so explorers and indexers read this registry as they read ENS's.
    event NewOwner(bytes32 indexed node, bytes32 indexed label, address owner);
    event Transfer(bytes32 indexed node, address owner);
    event NewResolver(bytes32 indexed node, address resolver);

    /// @notice The caller does not own the node it tried to change.
    error NotNodeOwner(bytes32 node, address caller);

    modifier onlyOwner(bytes32 node) {
        if (records[node].owner != msg.sender) revert NotNodeOwner(node, msg.sender);
        _;
    }

    /// @notice The deployer owns the root node, as with ENS.
    constructor() {
        records[bytes32(0)].owner = msg.sender;
    }

    function owner(bytes32 node) external view returns (address) {
        return records[node].owner;
    }

    function resolver(bytes32 node) external view returns (address) {
        return records[node].resolver;
    }

    function setOwner(bytes32 node, address newOwner) external onlyOwner(node) {
        records[node].owner = newOwner;
        emit Transfer(node, newOwner);
    }

    function setResolver(bytes32 node, address newResolver) external onlyOwner(node) {
        records[node].resolver = newResolver;
        emit NewResolver(node, newResolver);
    }

    /// @notice Gives the subnode keccak256(node, label) to `newOwner`; returns the subnode.
    function setSubnodeOwner(bytes32 node, bytes32 label, address newOwner) external onlyOwner(node) returns (bytes32) {
        bytes32 subnode = keccak256(abi.encodePacked(node, label));
        records[subnode].owner = newOwner;
        emit NewOwner(node, label, newOwner);
        return subnode;
    }
}
