// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IPerchEnsRegistry {
    function owner(bytes32 node) external view returns (address);
}

/// @title PerchEnsResolver
/// @notice A minimal ENS resolver for the devnet, written for Perch: the address record
///         (addr/setAddr, ENS's `addr(bytes32)`) and the name record of reverse nodes (name/setName),
///         with ENS's selectors and events. Only the node's owner in the registry may set its records,
///         as with ENS's public resolver (without its operators and delegates).
contract PerchEnsResolver {
    IPerchEnsRegistry public immutable registry;

    mapping(bytes32 => address) private addresses;
    mapping(bytes32 => string) private names;

    event AddrChanged(bytes32 indexed node, address a);
    event NameChanged(bytes32 indexed node, string name);

    /// @notice The caller does not own the node in the registry.
    error NotNodeOwner(bytes32 node, address caller);

    modifier onlyNodeOwner(bytes32 node) {
        if (registry.owner(node) != msg.sender) revert NotNodeOwner(node, msg.sender);
        _;
    }

    constructor(IPerchEnsRegistry registry_) {
        registry = registry_;
    }

    function addr(bytes32 node) external view returns (address) {
        return addresses[node];
    }

    function setAddr(bytes32 node, address a) external onlyNodeOwner(node) {
        addresses[node] = a;
        emit AddrChanged(node, a);
    }

    function name(bytes32 node) external view returns (string memory) {
        return names[node];
    }

    function setName(bytes32 node, string calldata newName) external onlyNodeOwner(node) {
        names[node] = newName;
        emit NameChanged(node, newName);
    }

    /// @notice ERC-165: addr (0x3b3b57de), name (0x691f3431) and ERC-165 itself.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x3b3b57de || interfaceId == 0x691f3431 || interfaceId == 0x01ffc9a7;
    }
}
