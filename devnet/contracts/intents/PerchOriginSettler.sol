// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {
    FillInstruction,
    GaslessCrossChainOrder,
    IOriginSettler,
    OnchainCrossChainOrder,
    Output,
    ResolvedCrossChainOrder
} from "./ERC7683.sol";
import {ISignatureTransfer} from "./ISignatureTransfer.sol";

interface IPausable {
    function paused() external view returns (bool);
}

/// @notice Perch's orderData: a deposit as the Depositor takes it, plus what the quote promised on
///         the destination (the amount after fees), which the ERC-7683 order must state.
struct PerchOrderData {
    /// ERC-20 on the origin chain, or address(0) for the native coin (`open` only).
    address inputToken;
    uint256 inputAmount;
    /// Token paid on the destination, bytes32 of its address; zero for the native coin.
    bytes32 outputToken;
    /// The quote's amount after fees: exactly what the recipient gets.
    uint256 outputAmount;
    uint256 destinationChainId;
    /// Destination address as bytes32 (an EVM address left-padded, or a 32-byte key).
    bytes32 recipient;
    /// Referral / integration channel id, as in Depositor.deposit.
    uint256 channel;
}

/// @title PerchOriginSettler
/// @notice ERC-7683 origin settler beside the Depositor. `open` takes the order from the user's own
///         transaction; `openFor` takes a user's signed GaslessCrossChainOrder from anyone (a filler
///         or relayer pays the gas) and pulls the tokens through Permit2 with the order as the
///         signed witness. Either way the funds go straight to the maker in the same call, as a
///         deposit does, and `Open` carries the resolved order the maker fills on the destination.
///         The Depositor's guardian pause stops orders here too.
contract PerchOriginSettler is IOriginSettler {
    using SafeERC20 for IERC20;

    bytes32 public constant ORDER_DATA_TYPEHASH = keccak256(
        "PerchOrderData(address inputToken,uint256 inputAmount,bytes32 outputToken,uint256 outputAmount,uint256 destinationChainId,bytes32 recipient,uint256 channel)"
    );
    bytes32 public constant GASLESS_ORDER_TYPEHASH = keccak256(
        "GaslessCrossChainOrder(address originSettler,address user,uint256 nonce,uint256 originChainId,uint32 openDeadline,uint32 fillDeadline,bytes32 orderDataType,bytes orderData)"
    );
    /// @notice The witness part of the Permit2 type the user signs (types after the witness, sorted).
    string public constant PERMIT2_WITNESS_TYPE =
        "GaslessCrossChainOrder witness)GaslessCrossChainOrder(address originSettler,address user,uint256 nonce,uint256 originChainId,uint32 openDeadline,uint32 fillDeadline,bytes32 orderDataType,bytes orderData)TokenPermissions(address token,uint256 amount)";

    address public immutable maker;
    ISignatureTransfer public immutable permit2;
    /// @notice The Depositor whose guardian pause applies here too.
    address public immutable depositor;
    /// @notice PerchDestinationSettler's address, the same on every EVM chain of the deployment.
    address public immutable destinationSettler;

    /// @notice Orders already opened (one orderId opens once).
    mapping(bytes32 => bool) public opened;
    /// @notice The next nonce of a user's `open` orders (gasless orders use their signed nonce).
    mapping(address => uint256) public openNonce;

    error ZeroAddress();
    error DepositsPaused();
    error WrongOrderDataType(bytes32 orderDataType);
    error WrongSettler(address originSettler);
    error WrongChain(uint256 chainId);
    error SameChain();
    error ZeroAmount();
    error ZeroRecipient();
    error OpenDeadlinePassed(uint32 openDeadline);
    error FillDeadlinePassed(uint32 fillDeadline);
    error AlreadyOpened(bytes32 orderId);
    error NativeNotGasless();
    error ValueMismatch(uint256 expected, uint256 actual);
    error ForwardFailed();

    constructor(address maker_, address permit2_, address depositor_, address destinationSettler_) {
        if (maker_ == address(0) || permit2_ == address(0) || depositor_ == address(0) || destinationSettler_ == address(0)) {
            revert ZeroAddress();
        }
        maker = maker_;
        permit2 = ISignatureTransfer(permit2_);
        depositor = depositor_;
        destinationSettler = destinationSettler_;
    }

    function open(OnchainCrossChainOrder calldata order) external payable {
        PerchOrderData memory data = _decode(order.orderDataType, order.orderData);
        ResolvedCrossChainOrder memory resolved =
            _resolve(msg.sender, openNonce[msg.sender], type(uint32).max, order.fillDeadline, data);
        _checkOpen(resolved.orderId, order.fillDeadline);
        openNonce[msg.sender]++;
        if (data.inputToken == address(0)) {
            if (msg.value != data.inputAmount) revert ValueMismatch(data.inputAmount, msg.value);
            (bool ok,) = maker.call{value: data.inputAmount}("");
            if (!ok) revert ForwardFailed();
        } else {
            if (msg.value != 0) revert ValueMismatch(0, msg.value);
            IERC20(data.inputToken).safeTransferFrom(msg.sender, maker, data.inputAmount);
        }
        emit Open(resolved.orderId, resolved);
    }

    /// @param signature The user's Permit2 signature of PermitWitnessTransferFrom(token, amount,
    ///        spender = this, nonce = order.nonce, deadline = order.openDeadline, witness = order).
    function openFor(GaslessCrossChainOrder calldata order, bytes calldata signature, bytes calldata) external {
        if (order.originSettler != address(this)) revert WrongSettler(order.originSettler);
        if (order.originChainId != block.chainid) revert WrongChain(order.originChainId);
        if (block.timestamp > order.openDeadline) revert OpenDeadlinePassed(order.openDeadline);
        PerchOrderData memory data = _decode(order.orderDataType, order.orderData);
        if (data.inputToken == address(0)) revert NativeNotGasless();
        ResolvedCrossChainOrder memory resolved = _resolve(order.user, order.nonce, order.openDeadline, order.fillDeadline, data);
        _checkOpen(resolved.orderId, order.fillDeadline);
        // Permit2 checks the signature over the order (the witness), spends the nonce and the deadline.
        permit2.permitWitnessTransferFrom(
            ISignatureTransfer.PermitTransferFrom({
                permitted: ISignatureTransfer.TokenPermissions({token: data.inputToken, amount: data.inputAmount}),
                nonce: order.nonce,
                deadline: order.openDeadline
            }),
            ISignatureTransfer.SignatureTransferDetails({to: maker, requestedAmount: data.inputAmount}),
            order.user,
            witnessHash(order),
            PERMIT2_WITNESS_TYPE,
            signature
        );
        emit Open(resolved.orderId, resolved);
    }

    /// @notice What `open` would emit if `msg.sender` opened this order now.
    function resolve(OnchainCrossChainOrder calldata order) external view returns (ResolvedCrossChainOrder memory) {
        return _resolve(msg.sender, openNonce[msg.sender], type(uint32).max, order.fillDeadline, _decode(order.orderDataType, order.orderData));
    }

    function resolveFor(GaslessCrossChainOrder calldata order, bytes calldata) external view returns (ResolvedCrossChainOrder memory) {
        return _resolve(order.user, order.nonce, order.openDeadline, order.fillDeadline, _decode(order.orderDataType, order.orderData));
    }

    /// @notice The EIP-712 struct hash of a GaslessCrossChainOrder (the Permit2 witness).
    function witnessHash(GaslessCrossChainOrder calldata order) public pure returns (bytes32) {
        return keccak256(
            abi.encode(
                GASLESS_ORDER_TYPEHASH,
                order.originSettler,
                order.user,
                order.nonce,
                order.originChainId,
                order.openDeadline,
                order.fillDeadline,
                order.orderDataType,
                keccak256(order.orderData)
            )
        );
    }

    function _checkOpen(bytes32 orderId, uint32 fillDeadline) private {
        if (IPausable(depositor).paused()) revert DepositsPaused();
        if (block.timestamp > fillDeadline) revert FillDeadlinePassed(fillDeadline);
        if (opened[orderId]) revert AlreadyOpened(orderId);
        opened[orderId] = true;
    }

    function _decode(bytes32 orderDataType, bytes calldata orderData) private view returns (PerchOrderData memory data) {
        if (orderDataType != ORDER_DATA_TYPEHASH) revert WrongOrderDataType(orderDataType);
        data = abi.decode(orderData, (PerchOrderData));
        if (data.inputAmount == 0 || data.outputAmount == 0) revert ZeroAmount();
        if (data.recipient == bytes32(0)) revert ZeroRecipient();
        if (data.destinationChainId == block.chainid) revert SameChain();
    }

    /// @dev originData binds everything the fill needs; orderId = keccak256(originData), so the
    ///      destination settler can check that the data it is given is the order's.
    function _resolve(address user, uint256 nonce, uint32 openDeadline, uint32 fillDeadline, PerchOrderData memory data)
        private
        view
        returns (ResolvedCrossChainOrder memory r)
    {
        bytes memory originData = abi.encode(
            block.chainid,
            address(this),
            user,
            nonce,
            fillDeadline,
            data.destinationChainId,
            data.outputToken,
            data.outputAmount,
            data.recipient,
            data.channel
        );
        r.user = user;
        r.originChainId = block.chainid;
        r.openDeadline = openDeadline;
        r.fillDeadline = fillDeadline;
        r.orderId = keccak256(originData);
        r.maxSpent = new Output[](1);
        r.maxSpent[0] = Output(data.outputToken, data.outputAmount, data.recipient, data.destinationChainId);
        r.minReceived = new Output[](1);
        r.minReceived[0] = Output(bytes32(uint256(uint160(data.inputToken))), data.inputAmount, bytes32(uint256(uint160(maker))), block.chainid);
        r.fillInstructions = new FillInstruction[](1);
        r.fillInstructions[0] =
            FillInstruction(data.destinationChainId, bytes32(uint256(uint160(destinationSettler))), originData);
    }
}
