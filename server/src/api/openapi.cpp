#include "api/openapi.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace perch::api {
namespace json = boost::json;
namespace {

// Shared schemas: the envelope every route answers and the product's data types.
constexpr std::string_view kComponents = R"json({
 "schemas": {
  "Envelope": {"type": "object", "required": ["code", "msg", "data"], "properties": {
    "code": {"type": "integer", "description": "0 on success, else the HTTP status of the error"},
    "msg": {"type": "string"}, "data": {"nullable": true}}},
  "Error": {"type": "object", "required": ["code", "msg", "data"], "properties": {
    "code": {"type": "integer", "example": 400},
    "msg": {"type": "string", "example": "'amount' is not a valid ETH amount"},
    "data": {"nullable": true, "example": null}}},
  "Chain": {"type": "object", "required": ["chain_id", "chain_name"], "properties": {
    "chain_id": {"type": "integer", "example": 8453}, "chain_name": {"type": "string", "example": "Base"},
    "alias_name": {"type": "string"}, "is_testnet": {"type": "boolean"},
    "explorer_url": {"type": "string"}, "icon": {"type": "string"}, "disabled": {"type": "boolean"},
    "order": {"type": "integer"}, "rpc_urls": {"type": "array", "items": {"type": "string"}},
    "block_time_ms": {"type": "integer", "description": "the chain's block time where the deployment's profile gives it"},
    "native_currency": {"type": "object", "properties": {"name": {"type": "string"},
      "symbol": {"type": "string"}, "decimals": {"type": "integer"}}}}},
  "Token": {"type": "object", "required": ["symbol", "chainId", "address", "decimals"], "properties": {
    "symbol": {"type": "string", "example": "USDC"}, "chainId": {"type": "integer", "example": 8453},
    "address": {"type": "string", "example": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"},
    "decimals": {"type": "integer", "example": 6}}},
  "Quote": {"type": "object", "required": ["from_chain_id", "to_chain_id", "token", "decimals",
    "send_amount", "bridge_fee", "bridge_fee_bps", "dtc", "receive_amount", "min", "max",
    "payable_now", "expected_seconds", "expires_at"], "properties": {
    "from_chain_id": {"type": "integer"}, "to_chain_id": {"type": "integer"},
    "token": {"type": "string"}, "decimals": {"type": "integer"},
    "send_amount": {"type": "string", "description": "token units"},
    "bridge_fee": {"type": "string"}, "bridge_fee_bps": {"type": "integer"},
    "dtc": {"type": "string", "description": "destination transaction cost, token units"},
    "receive_amount": {"type": "string"}, "min": {"type": "string"}, "max": {"type": "string"},
    "payable_now": {"type": "string", "description": "the most the route pays on the destination now, in receive_token units: the maker's funds there (and PerchPool's), at most a same-token route's max"},
    "expected_seconds": {"type": "integer"}, "expires_at": {"type": "integer", "description": "unix seconds"},
    "swap": {"allOf": [{"$ref": "#/components/schemas/DestinationSwap"}], "nullable": true,
      "description": "with to_token: the swap of receive_amount into to_token on the destination"},
    "firm_quote": {"allOf": [{"$ref": "#/components/schemas/FirmQuote"}], "nullable": true,
      "description": "build_tx of a cross-asset route: the signed quote the deposit names"},
    "outflow": {"type": "object", "description": "whether the payout will wait (outflow limits)",
      "properties": {"hold_seconds": {"type": "integer",
        "description": "a transfer above the USD threshold waits this long before payout (0: none)"},
      "hold_reason": {"type": "string"},
      "hour_left": {"type": "string", "description": "what the route can still pay this hour, token units"},
      "day_left": {"type": "string"},
      "fits_now": {"type": "boolean", "description": "false: the amount exceeds what the route can pay now; it is paid later, not refused"},
      "expected_wait_seconds": {"type": "integer"}}}},
   "example": {"from_chain_id": 10, "to_chain_id": 8453, "token": "ETH", "decimals": 18,
    "send_amount": "0.1", "bridge_fee": "0.0001", "bridge_fee_bps": 10, "dtc": "0.00005",
    "receive_amount": "0.09985", "min": "0.001", "max": "5", "payable_now": "5", "expected_seconds": 6,
    "expires_at": 1790000000}},
  "FirmQuote": {"type": "object", "required": ["id", "expires_at", "signer", "signature",
    "typed_data"], "description": "A cross-asset route's firm quote (docs/solana.md, Firm quotes): the maker pays exactly typed_data.message.receiveAmount to a deposit that names id and matches it, included before expires_at", "properties": {
    "id": {"type": "string", "example": "q3f9a0c1d2e4b5a6978877665"},
    "expires_at": {"type": "integer", "description": "unix seconds (block time of the deposit)"},
    "signer": {"type": "string", "description": "the operator's quote key (EIP-55)"},
    "signature": {"type": "string", "description": "EIP-712 signature of typed_data, 0x r s v"},
    "typed_data": {"type": "object", "required": ["domain", "types", "primaryType", "message"],
      "description": "what viem's verifyTypedData takes", "properties": {
      "domain": {"type": "object", "additionalProperties": {"type": "string"}},
      "types": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string"}}}},
      "primaryType": {"type": "string", "example": "Quote"},
      "message": {"type": "object", "additionalProperties": {"type": "string"}}}}}},
  "DestinationSwap": {"type": "object", "required": ["chain_id", "token_in", "token_out",
    "amount_in", "amount_in_wei", "receive_amount", "receive_amount_wei", "min_out", "min_out_wei",
    "slippage_bps", "price_impact_bps", "gas_fee", "gas_fee_wei", "gas_units", "gas_price_wei",
    "route", "route_summary", "executor"], "properties": {
    "chain_id": {"type": "integer"},
    "token_in": {"type": "object", "description": "the bridged token on the destination"},
    "token_out": {"type": "object", "description": "the token the recipient gets"},
    "amount_in": {"type": "string", "description": "the bridged amount less gas_fee: what is swapped"},
    "amount_in_wei": {"type": "string"},
    "gas_fee": {"type": "string", "description": "the swap's gas, in token_in units, charged before it is swapped"},
    "gas_fee_wei": {"type": "string"}, "gas_units": {"type": "integer"},
    "gas_price_wei": {"type": "string", "description": "the destination's gas price it is valued at"},
    "receive_amount": {"type": "string", "description": "token_out units"},
    "receive_amount_wei": {"type": "string"},
    "min_out": {"type": "string", "description": "the deposit's minimum: less and it is refunded"},
    "min_out_wei": {"type": "string"}, "slippage_bps": {"type": "integer"},
    "price_impact_bps": {"type": "integer"},
    "route": {"type": "array", "items": {"type": "object"}},
    "route_summary": {"type": "string", "example": "uniswap-v3 0.05% 100%"},
    "executor": {"type": "string"}}},
  "TxBody": {"type": "object", "required": ["chain_id", "to", "data", "value"], "properties": {
    "chain_id": {"type": "integer"}, "to": {"type": "string"}, "data": {"type": "string"},
    "value": {"type": "string", "description": "hex wei"}}},
  "BuildTx": {"type": "object", "required": ["quote", "approve", "deposit"], "properties": {
    "quote": {"$ref": "#/components/schemas/Quote"},
    "approve": {"allOf": [{"$ref": "#/components/schemas/TxBody"}], "nullable": true,
      "description": "an ERC-20 approval to send first, or null"},
    "deposit": {"$ref": "#/components/schemas/TxBody"}}},
  "OrderState": {"type": "string", "enum": ["confirming", "queued", "paying", "completed",
    "refunding", "refunded", "failed", "dropped", "rejected"]},
  "Order": {"type": "object", "required": ["order_key", "src_chain_id", "src_tx_hash", "sender",
    "token", "decimals", "amount", "receive_amount", "fee", "dst_chain_id", "recipient", "state",
    "dst_tx_hash", "refund_tx_hash", "created_at", "updated_at", "timeline"], "properties": {
    "order_key": {"type": "string"}, "src_chain_id": {"type": "integer"},
    "src_tx_hash": {"type": "string"}, "log_index": {"type": "integer"},
    "block_number": {"type": "integer"}, "sender": {"type": "string"}, "token": {"type": "string"},
    "token_address": {"type": "string"}, "decimals": {"type": "integer"},
    "amount": {"type": "string", "description": "raw units"}, "receive_amount": {"type": "string"},
    "fee": {"type": "string"}, "dst_chain_id": {"type": "integer"}, "recipient": {"type": "string"},
    "channel": {"type": "integer"}, "confirmations": {"type": "integer"},
    "quote_id": {"type": "string", "description": "a cross-asset deposit: the firm quote it names"},
    "state": {"$ref": "#/components/schemas/OrderState"}, "reason": {"type": "string"},
    "dst_tx_hash": {"type": "string"}, "refund_tx_hash": {"type": "string"},
    "created_at": {"type": "integer"}, "updated_at": {"type": "integer"},
    "swap": {"type": "object", "nullable": true, "description": "bridge and swap: the token paid on the destination",
      "required": ["token_address", "token", "decimals", "min_out", "delivered_amount"], "properties": {
      "token_address": {"type": "string"}, "token": {"type": "string"}, "decimals": {"type": "integer"},
      "min_out": {"type": "string", "description": "raw units"},
      "delivered_amount": {"type": "string", "description": "raw units; empty until completed"}}},
    "timeline": {"type": "array", "items": {"type": "object", "required": ["state", "at", "detail"],
      "properties": {"state": {"$ref": "#/components/schemas/OrderState"},
        "at": {"type": "integer"}, "detail": {"type": "string"}}}}}},
  "SwapRecord": {"type": "object", "required": ["chain_id", "tx_hash", "sender", "recipient", "token_in", "token_out", "swapped_at"], "properties": {
    "chain_id": {"type": "integer"}, "tx_hash": {"type": "string"}, "sender": {"type": "string"},
    "recipient": {"type": "string"},
    "token_in": {"$ref": "#/components/schemas/SwapSide"}, "token_out": {"$ref": "#/components/schemas/SwapSide"},
    "block_number": {"type": "integer"}, "swapped_at": {"type": "integer", "description": "the block's timestamp"},
    "recorded_now": {"type": "boolean"}}},
  "SwapSide": {"type": "object", "properties": {"address": {"type": "string", "description": "zero: the native coin"},
    "symbol": {"type": "string"}, "amount": {"type": "string", "description": "token units ('' when the token is not one this server swaps)"},
    "amount_wei": {"type": "string", "description": "base units"}}},
  "Deployment": {"type": "object", "required": ["chain_id", "tx_hash", "address", "contract_address",
    "template", "block_number", "created_at"], "properties": {
    "chain_id": {"type": "integer"}, "tx_hash": {"type": "string"},
    "address": {"type": "string", "description": "the deployer (the receipt's from), lower case"},
    "contract_address": {"type": "string"},
    "template": {"type": "string", "enum": ["erc20", "erc721", "hello", "custom"]},
    "block_number": {"type": "integer"}, "created_at": {"type": "integer", "description": "unix seconds"},
    "recorded_now": {"type": "boolean", "description": "POST only: false when already recorded"},
    "points_credited": {"type": "integer", "description": "POST only: points this deployment earned"}}},
  "History": {"type": "object", "required": ["list", "total", "page", "size"], "properties": {
    "list": {"type": "array", "items": {"$ref": "#/components/schemas/Order"}},
    "total": {"type": "integer"}, "page": {"type": "integer"}, "size": {"type": "integer"}}}
 },
 "responses": {
  "BadRequest": {"description": "A parameter is missing or invalid (code 400)",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
  "Unauthorized": {"description": "No session, or the session is not allowed (code 401/403)",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"},
      "example": {"code": 401, "msg": "sign in first", "data": null}}}},
  "NotFound": {"description": "Nothing at this path or with these keys (code 404)",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"},
      "example": {"code": 404, "msg": "not found", "data": null}}}},
  "TooMany": {"description": "Rate limited: retry after the Retry-After header (code 429)",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"},
      "example": {"code": 429, "msg": "too many requests", "data": null}}}},
  "Internal": {"description": "A server fault, logged with its request id (code 500)",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"},
      "example": {"code": 500, "msg": "internal error", "data": null}}}},
  "Unavailable": {"description": "A chain RPC cannot be reached right now; retry (code 503)",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"},
      "example": {"code": 503, "msg": "the destination chain cannot be reached right now", "data": null}}}}
 }
})json";

// Per-route documentation, merged into the generated operation: "parameters" are appended to the
// path parameters, "data" is the schema of the envelope's data (with "example"), "requestBody" is
// copied as is.
struct RouteDoc {
    std::string_view key;  // "GET /api/..."
    std::string_view doc;  // JSON object
};

constexpr RouteDoc kDocs[] = {
    {"GET /api/bridge_api/v1/get-all-chains",
     R"json({"data": {"type": "object", "properties": {"list": {"type": "array",
       "items": {"$ref": "#/components/schemas/Chain"}}}},
       "example": {"list": [{"chain_id": 8453, "chain_name": "Base"}]}})json"},
    {"GET /api/bridge_api/v1/all-tokens",
     R"json({"data": {"type": "object", "properties": {"list": {"type": "array",
       "items": {"$ref": "#/components/schemas/Token"}}}},
       "example": {"list": [{"symbol": "ETH", "chainId": 8453,
         "address": "0x0000000000000000000000000000000000000000", "decimals": 18}]}})json"},
    {"GET /api/bridge_api/v1/quote",
     R"json({"parameters": [
       {"name": "from_chain_id", "in": "query", "required": true, "schema": {"type": "integer"}, "example": 10},
       {"name": "to_chain_id", "in": "query", "required": true, "schema": {"type": "integer"}, "example": 8453},
       {"name": "token", "in": "query", "required": true, "schema": {"type": "string"}, "example": "ETH"},
       {"name": "amount", "in": "query", "required": true, "description": "token units",
        "schema": {"type": "string"}, "example": "0.1"},
       {"name": "channel", "in": "query", "required": false, "schema": {"type": "integer"}},
       {"name": "to_token", "in": "query", "required": false,
        "description": "bridge and swap: a swap token of the destination to receive instead",
        "schema": {"type": "string"}},
       {"name": "slippage_bps", "in": "query", "required": false,
        "schema": {"type": "integer", "minimum": 1, "maximum": 5000, "default": 500}}],
       "data": {"$ref": "#/components/schemas/Quote"}, "errors": ["400", "404", "503"]})json"},
    {"GET /api/bridge_api/v1/limits",
     R"json({"parameters": [
       {"name": "from_chain_id", "in": "query", "required": false, "schema": {"type": "integer"}},
       {"name": "to_chain_id", "in": "query", "required": false, "schema": {"type": "integer"}},
       {"name": "token", "in": "query", "required": false, "schema": {"type": "string"}}],
       "data": {"type": "object", "required": ["as_of", "hour_seconds", "day_seconds", "list"], "properties": {
         "as_of": {"type": "integer"}, "hour_seconds": {"type": "integer"}, "day_seconds": {"type": "integer"},
         "hold_above_usd": {"type": "number", "description": "transfers above this USD value wait hold_seconds (0: none)"},
         "hold_seconds": {"type": "integer"},
         "list": {"type": "array", "items": {"type": "object", "properties": {
           "route": {"type": "string", "example": "8453:42161:ETH"},
           "from_chain_id": {"type": "integer"}, "to_chain_id": {"type": "integer"},
           "token": {"type": "string"}, "decimals": {"type": "integer"},
           "min": {"type": "string"}, "max": {"type": "string"},
           "hour_cap": {"type": "string"}, "day_cap": {"type": "string"},
           "hour_left": {"type": "string", "description": "capacity left in the rolling hour, token units"},
           "day_left": {"type": "string"},
           "hold_from": {"type": "string", "nullable": true, "description": "amounts above this are held (token units)"},
           "paused": {"type": "boolean"}, "paused_reason": {"type": "string"}}}}}},
       "example": {"as_of": 1790000000, "hour_seconds": 3600, "day_seconds": 86400, "hold_above_usd": 50000,
         "hold_seconds": 3600, "list": [{"route": "8453:42161:ETH", "from_chain_id": 8453, "to_chain_id": 42161,
         "token": "ETH", "decimals": 18, "min": "0.001", "max": "5", "hour_cap": "20", "day_cap": "60",
         "hour_left": "18.5", "day_left": "51", "hold_from": "16.666667", "paused": false, "paused_reason": ""}]},
       "errors": ["400"]})json"},
    {"POST /api/bridge_api/v1/build_tx",
     R"json({"requestBody": {"required": true, "content": {"application/json": {"schema": {
       "type": "object", "required": ["from_chain_id", "to_chain_id", "token", "amount", "sender", "recipient"],
       "properties": {"from_chain_id": {"type": "integer"}, "to_chain_id": {"type": "integer"},
         "token": {"type": "string"}, "amount": {"type": "string"}, "sender": {"type": "string"},
         "recipient": {"type": "string"}, "channel": {"type": "integer"},
         "to_token": {"type": "string", "description": "bridge and swap: the deposit's recipient carries it"},
         "slippage_bps": {"type": "integer"}}},
       "example": {"from_chain_id": 10, "to_chain_id": 8453, "token": "ETH", "amount": "0.1",
         "sender": "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
         "recipient": "0x90F79bf6EB2c4f870365E785982E1f101E93b906"}}}},
       "data": {"$ref": "#/components/schemas/BuildTx"}, "errors": ["400", "404", "503"]})json"},
    {"GET /api/bridge_api/v1/order",
     R"json({"parameters": [
       {"name": "chain_id", "in": "query", "required": true, "description": "source chain",
        "schema": {"type": "integer"}, "example": 10},
       {"name": "tx_hash", "in": "query", "required": true, "description": "deposit transaction hash",
        "schema": {"type": "string"}}],
       "data": {"allOf": [{"$ref": "#/components/schemas/Order"}], "nullable": true,
        "description": "null until the deposit is seen"}, "errors": ["400"]})json"},
    {"GET /api/bridge_api/v1/history",
     R"json({"parameters": [
       {"name": "address", "in": "query", "required": false, "description": "sender or recipient (or give channel)",
        "schema": {"type": "string"}, "example": "0x90F79bf6EB2c4f870365E785982E1f101E93b906"},
       {"name": "channel", "in": "query", "required": false, "schema": {"type": "integer"}},
       {"name": "page", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 1, "default": 1}},
       {"name": "size", "in": "query", "required": false,
        "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 10}}],
       "data": {"$ref": "#/components/schemas/History"}, "errors": ["400"]})json"},
    {"GET /api/query_api/v1/lookup",
     R"json({"parameters": [
       {"name": "q", "in": "query", "required": true,
        "description": "a wallet address, a deposit / payout / refund transaction hash, or an order key <chain id>:<deposit tx hash>:<log index>",
        "schema": {"type": "string"}, "example": "0x90F79bf6EB2c4f870365E785982E1f101E93b906"}],
       "data": {"type": "object", "required": ["kind", "q", "orders", "orders_total", "points", "checkins"],
        "properties": {
         "kind": {"type": "string", "enum": ["address", "tx_hash", "order_key"]},
         "q": {"type": "string", "description": "the input as the store keeps it (lower case)"},
         "orders": {"type": "array", "items": {"$ref": "#/components/schemas/Order"}, "description": "newest first, at most 50"},
         "orders_total": {"type": "integer"},
         "points": {"type": "object", "nullable": true, "description": "an address's points ledger sums",
          "properties": {"total": {"type": "integer"}, "campaign": {"type": "integer"}, "cross": {"type": "integer"},
           "refer": {"type": "integer"}, "check_in": {"type": "integer"}, "pool": {"type": "integer"},
           "cross_v1": {"type": "integer"}, "refer_v1": {"type": "integer"}}},
         "checkins": {"type": "array", "nullable": true, "description": "an address's check-ins of the last 366 days, newest first",
          "items": {"type": "object", "properties": {"date": {"type": "string", "example": "2026-11-20"},
           "chain_id": {"type": "integer"}, "tx_hash": {"type": "string"}, "points": {"type": "integer"}}}}}},
       "errors": ["400"]})json"},
    {"GET /api/maker_api/v1/dashboard",
     R"json({"data": {"type": "object", "required": ["maker", "as_of", "paused", "liquidity", "volume", "orders",
        "routes", "recent_payouts"], "properties": {
         "maker": {"type": "string", "description": "the maker's address ('' without a chain profile)"},
         "as_of": {"type": "integer", "description": "unix seconds the figures were read (kept 5 s)"},
         "paused": {"type": "boolean"},
         "liquidity": {"type": "array", "items": {"type": "object", "properties": {
           "chain_id": {"type": "integer"}, "chain_name": {"type": "string"},
           "error": {"type": "string", "description": "'' when the chain answered"},
           "tokens": {"type": "array", "items": {"type": "object", "properties": {
             "symbol": {"type": "string"}, "decimals": {"type": "integer"},
             "balance": {"type": "string", "description": "base units"}}}}}}},
         "volume": {"type": "object", "description": "completed orders per token, keys 24h and 7d",
          "additionalProperties": {"type": "array", "items": {"type": "object", "properties": {
           "token": {"type": "string"}, "decimals": {"type": "integer"},
           "amount": {"type": "string", "description": "base units deposited"}, "orders": {"type": "integer"}}}}},
         "orders": {"type": "object", "description": "orders created in the window by state, keys 24h and 7d",
          "additionalProperties": {"type": "object", "additionalProperties": {"type": "integer"}}},
         "routes": {"type": "array", "items": {"type": "object", "properties": {
           "src_chain_id": {"type": "integer"}, "dst_chain_id": {"type": "integer"}, "token": {"type": "string"},
           "completed": {"type": "integer"}, "median_seconds": {"type": "number"},
           "p95_seconds": {"type": "integer", "description": "nearest rank"}}}},
         "recent_payouts": {"type": "array", "items": {"type": "object", "properties": {
           "src_chain_id": {"type": "integer"}, "dst_chain_id": {"type": "integer"}, "token": {"type": "string"},
           "decimals": {"type": "integer"}, "amount": {"type": "string"}, "receive_amount": {"type": "string"},
           "recipient": {"type": "string"}, "tx_hash": {"type": "string"}, "explorer_url": {"type": "string"},
           "completed_at": {"type": "integer"}}}}}}})json"},
    {"GET /api/bridge_api/v1/order/stream",
     R"json({"parameters": [
       {"name": "chain_id", "in": "query", "required": true, "schema": {"type": "integer"}, "example": 10},
       {"name": "tx_hash", "in": "query", "required": true, "schema": {"type": "string"}}],
       "stream": "event: order, data: the Order (or null) each time it changes; ends after a final state",
       "errors": ["400"]})json"},
    {"GET /api/bridge_api/v1/getChannelIDByDomainName",
     R"json({"parameters": [{"name": "domain_name", "in": "query", "required": true,
       "schema": {"type": "string"}, "example": "perch.example"}], "errors": ["400"]})json"},
    {"GET /api/balance_api/v1/multi-balance",
     R"json({"parameters": [
       {"name": "user_address", "in": "query", "required": true, "schema": {"type": "string"}},
       {"name": "token_name", "in": "query", "required": true, "schema": {"type": "string"}, "example": "USDC"},
       {"name": "chain_ids", "in": "query", "required": true, "description": "comma list",
        "schema": {"type": "string"}, "example": "1,8453,42161"}], "errors": ["400"]})json"},
    {"GET /api/name_api/v1/names",
     R"json({"parameters": [
       {"name": "address", "in": "query", "required": true, "description": "an EVM address",
        "schema": {"type": "string"}, "example": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"},
       {"name": "chain_ids", "in": "query", "required": true,
        "description": "comma list of 1 to 8 chain ids this server knows",
        "schema": {"type": "string"}, "example": "1,42161,56,169"}],
       "data": {"type": "object", "required": ["names"], "properties": {"names": {"type": "array",
         "description": "one entry per asked chain where the address has a primary (reverse) name that resolves forward to it and is a lower-case ASCII name; chains without a name service, without a name or whose node failed are left out",
         "items": {"type": "object", "required": ["chain_id", "name"], "properties": {
           "chain_id": {"type": "integer"}, "name": {"type": "string"}}}}},
        "example": {"names": [{"chain_id": 1, "name": "perch-demo.eth"}]}},
       "errors": ["400"]})json"},
    {"GET /api/campaign_api/v1/{user}/campaigns/points",
     R"json({"parameters": [{"name": "campaign_id", "in": "query", "required": false,
       "description": "comma list of campaign ids", "schema": {"type": "string"}, "example": "1,2"}],
       "errors": ["400"]})json"},
    {"GET /api/campaign_api/v1/campaigns",
     R"json({"parameters": [{"name": "type", "in": "query", "required": false,
       "schema": {"type": "string"}}], "errors": ["400"]})json"},
    {"GET /api/campaign_api/v1/{user}/points",
     R"json({"data": {"type": "object", "properties": {"campaign_points": {"type": "integer"},
       "cross_points": {"type": "integer"}, "refer_points": {"type": "integer"},
       "check_in_points": {"type": "integer"}, "pool_points": {"type": "integer"},
       "multiplier": {"type": "number"}, "cross_points_v1": {"type": "integer"},
       "refer_points_v1": {"type": "integer"}}},
       "example": {"campaign_points": 0, "cross_points": 150, "refer_points": 0, "check_in_points": 10,
         "pool_points": 0, "multiplier": 1, "cross_points_v1": 0, "refer_points_v1": 0},
       "errors": ["400"]})json"},
    {"POST /api/deploy_api/v1/deployments",
     R"json({"requestBody": {"required": true, "content": {"application/json": {"schema": {
       "type": "object", "required": ["chain_id", "tx_hash"], "properties": {
         "chain_id": {"type": "integer"}, "tx_hash": {"type": "string"}}},
       "example": {"chain_id": 8453, "tx_hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060"}}}},
       "data": {"$ref": "#/components/schemas/Deployment"}, "errors": ["400", "503"]})json"},
    {"GET /api/deploy_api/v1/deployments",
     R"json({"parameters": [{"name": "address", "in": "query", "required": true,
       "schema": {"type": "string"}, "example": "0x90F79bf6EB2c4f870365E785982E1f101E93b906"}],
       "data": {"type": "object", "properties": {"list": {"type": "array",
         "items": {"$ref": "#/components/schemas/Deployment"}}, "points_per_network": {"type": "integer"}}},
       "errors": ["400"]})json"},
    {"POST /api/swap_api/v1/swaps",
     R"json({"requestBody": {"required": true, "content": {"application/json": {"schema": {
       "type": "object", "required": ["chain_id", "tx_hash"], "properties": {
         "chain_id": {"type": "integer"}, "tx_hash": {"type": "string"}}},
       "example": {"chain_id": 8453, "tx_hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060"}}}},
       "data": {"$ref": "#/components/schemas/SwapRecord"}, "errors": ["400", "503"]})json"},
    {"GET /api/swap_api/v1/history",
     R"json({"parameters": [{"name": "address", "in": "query", "required": true,
       "schema": {"type": "string"}, "example": "0x90F79bf6EB2c4f870365E785982E1f101E93b906"},
       {"name": "page", "in": "query", "required": false, "schema": {"type": "integer"}},
       {"name": "size", "in": "query", "required": false, "schema": {"type": "integer"}}],
       "data": {"type": "object", "properties": {"list": {"type": "array",
         "items": {"$ref": "#/components/schemas/SwapRecord"}}, "total": {"type": "integer"}}},
       "errors": ["400"]})json"},
    {"GET /api/campaign_api/v1/{user}/referees",
     R"json({"data": {"type": "object", "properties": {"list": {"type": "array", "items": {
       "type": "object", "required": ["address", "bridges", "points", "bound_at"], "properties": {
         "address": {"type": "string"}, "bridges": {"type": "integer"},
         "points": {"type": "integer", "description": "the referral points this referee brought"},
         "bound_at": {"type": "integer", "description": "unix seconds"}}}}}},
       "errors": ["400"]})json"},
    {"GET /api/badge_api/v1/badges/{slug}",
     R"json({"parameters": [{"name": "address", "in": "query", "required": true,
       "schema": {"type": "string"}, "example": "0x90F79bf6EB2c4f870365E785982E1f101E93b906"}],
       "data": {"type": "object", "required": ["slug", "badge_id", "chain_id", "contract", "tasks",
         "all_done", "claimable", "claimed"], "properties": {
         "slug": {"type": "string"}, "badge_id": {"type": "integer"}, "chain_id": {"type": "integer"},
         "contract": {"type": "string", "description": "PerchBadge on chain_id ('' when not deployed)"},
         "tasks": {"type": "array", "items": {"type": "object", "properties": {
           "kind": {"type": "string", "enum": ["bridge_to", "check_in", "deploy"]},
           "chain_id": {"type": "integer"}, "done": {"type": "boolean"}}}},
         "all_done": {"type": "boolean"}, "claimable": {"type": "boolean"}, "claimed": {"type": "boolean"}}},
       "errors": ["400", "404", "503"]})json"},
    {"POST /api/badge_api/v1/badges/{slug}/grant",
     R"json({"requestBody": {"required": true, "content": {"application/json": {"schema": {
       "type": "object", "required": ["address"], "properties": {"address": {"type": "string"}}}}}},
       "data": {"type": "object", "properties": {"badge_id": {"type": "integer"},
         "chain_id": {"type": "integer"}, "contract": {"type": "string"},
         "signature": {"type": "string", "description": "65 bytes r || s || v: PerchBadge.claim(badge_id, signature)"}}},
       "errors": ["400", "403", "404", "409", "503"]})json"},
    {"GET /api/lottery/maker/sign/user",
     R"json({"parameters": [
       {"name": "address", "in": "query", "required": true, "schema": {"type": "string"}},
       {"name": "year", "in": "query", "required": true, "schema": {"type": "integer"}, "example": 2026},
       {"name": "month", "in": "query", "required": true, "schema": {"type": "integer"}, "example": 11}],
       "errors": ["400"]})json"},
    {"POST /api/auth/verify",
     R"json({"requestBody": {"required": true, "content": {"application/json": {"schema": {
       "type": "object", "required": ["message", "signature"], "properties": {
         "message": {"type": "string", "description": "EIP-4361 message with a nonce of /api/auth/nonce"},
         "signature": {"type": "string"}}}}}}, "errors": ["400", "401"]})json"},
    {"GET /api/auth/nonce",
     R"json({"data": {"type": "object", "properties": {"nonce": {"type": "string"},
       "expires_at": {"type": "integer"}}}, "example": {"nonce": "k3v9x2m1q8", "expires_at": 1790000300}})json"},
    {"GET /api/balance",
     R"json({"parameters": [
       {"name": "chainid", "in": "query", "required": true, "schema": {"type": "integer"}, "example": 8453},
       {"name": "token", "in": "query", "required": true, "schema": {"type": "string"}, "example": "USDC"},
       {"name": "address", "in": "query", "required": true, "schema": {"type": "string"}}],
       "errors": ["400", "503"]})json"},
};

const json::object* doc_of(const json::object& docs, const std::string& key) {
    auto it = docs.find(key);
    return it == docs.end() ? nullptr : &it->value().as_object();
}

json::object parsed_docs() {
    json::object docs;
    for (const auto& d : kDocs) docs[d.key] = json::parse(d.doc);
    return docs;
}

json::object ref_response(std::string_view name) {
    return json::object{{"$ref", "#/components/responses/" + std::string(name)}};
}

std::string_view error_name(std::string_view code) {
    if (code == "400") return "BadRequest";
    if (code == "401") return "Unauthorized";
    if (code == "404") return "NotFound";
    return "Unavailable";
}

// The 200 response: the envelope, with data's schema and example when documented.
json::object ok_response(const json::object* doc) {
    if (doc && doc->contains("stream")) {
        return json::object{
            {"description", doc->at("stream")},
            {"content",
             json::object{{"text/event-stream", json::object{{"schema", {{"type", "string"}}}}}}}};
    }
    json::object data_schema{{"nullable", true}};
    json::value example = nullptr;
    if (doc && doc->contains("data")) data_schema = doc->at("data").as_object();
    if (doc && doc->contains("example")) example = doc->at("example");
    json::object media{
        {"schema",
         json::object{
             {"allOf", json::array{json::object{{"$ref", "#/components/schemas/Envelope"}}}},
             {"properties", json::object{{"data", data_schema}}}}}};
    if (!example.is_null())
        media["example"] = json::object{{"code", 0}, {"msg", "success"}, {"data", example}};
    return json::object{{"description", "Success: the envelope {code: 0, msg, data}"},
                        {"content", json::object{{"application/json", media}}}};
}

json::object responses_of(const json::object* doc) {
    json::object responses{{"200", ok_response(doc)}};
    if (doc && doc->contains("errors")) {
        for (const auto& code : doc->at("errors").as_array()) {
            auto c = std::string_view(code.as_string());
            responses[c] = ref_response(error_name(c));
        }
    }
    responses["404"] = ref_response("NotFound");
    responses["429"] = ref_response("TooMany");
    responses["500"] = ref_response("Internal");
    return responses;
}

// "/api/bridge_api/v1/order/stream" + get → "get_bridge_api_v1_order_stream"
std::string operation_id(const std::string& method, const std::string& path) {
    std::string id = method;
    for (char c : std::string_view(path).substr(std::min<std::size_t>(4, path.size()))) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u))
            id += c;
        else if (id.back() != '_')
            id += '_';
    }
    while (id.back() == '_') id.pop_back();
    return id;
}

// The group of a route: "/api/bridge_api/v1/quote" → "bridge_api".
std::string tag_of(const std::string& path) {
    auto rest = std::string_view(path).substr(std::min<std::size_t>(5, path.size()));
    return std::string(rest.substr(0, rest.find('/')));
}

}  // namespace

json::object openapi_of(const http::Router& router) {
    const auto docs = parsed_docs();
    json::object paths;
    for (const auto& r : router.routes()) {
        std::string path = r.pattern;
        // {user:address} → {user}
        for (auto pos = path.find(':'); pos != std::string::npos; pos = path.find(':')) {
            path.erase(pos, path.find('}', pos) - pos);
        }
        json::array parameters;
        for (auto open = path.find('{'); open != std::string::npos;
             open = path.find('{', open + 1)) {
            auto name = path.substr(open + 1, path.find('}', open) - open - 1);
            parameters.push_back(json::object{{"name", name},
                                              {"in", "path"},
                                              {"required", true},
                                              {"schema", json::object{{"type", "string"}}}});
        }
        auto method = std::string(http::bhttp::to_string(r.method));
        std::string key = method;
        key.append(" ").append(path);
        const auto* doc = doc_of(docs, key);
        for (auto& c : method) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (doc && doc->contains("parameters")) {
            for (const auto& p : doc->at("parameters").as_array()) parameters.push_back(p);
        }
        json::object op{{"operationId", operation_id(method, path)},
                        {"tags", json::array{json::value(tag_of(path))}},
                        {"summary", r.summary},
                        {"parameters", parameters},
                        {"responses", responses_of(doc)}};
        if (doc && doc->contains("requestBody")) op["requestBody"] = doc->at("requestBody");
        auto& item = paths[path];
        if (!item.is_object()) item.emplace_object();
        item.as_object()[method] = std::move(op);
    }
    return json::object{
        {"openapi", "3.0.3"},
        {"info", json::object{{"title", "Perch API"},
                              {"version", "1"},
                              {"description",
                               "Every JSON route answers an envelope {code, msg, data}: code 0 "
                               "on success, else the HTTP status of the error with msg saying "
                               "why."}}},
        {"servers", json::array{json::object{{"url", "/"}}}},
        {"paths", paths},
        {"components", json::parse(kComponents)}};
}

}  // namespace perch::api
