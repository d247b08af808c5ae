// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title DeployERC721
/// @notice The /deploy page's NFT collection template: the deployer owns the collection and mints
///         token ids 1, 2, ... up to `maxSupply`.
contract DeployERC721 is ERC721, Ownable {
    uint256 public immutable maxSupply;
    uint256 public totalMinted;

    error SoldOut();

    constructor(string memory name_, string memory symbol_, uint256 maxSupply_)
        ERC721(name_, symbol_)
        Ownable(msg.sender)
    {
        maxSupply = maxSupply_;
    }

    function mint(address to) external onlyOwner returns (uint256 id) {
        if (totalMinted >= maxSupply) revert SoldOut();
        id = ++totalMinted;
        _safeMint(to, id);
    }
}
